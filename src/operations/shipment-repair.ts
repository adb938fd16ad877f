import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { readCourierSyncErrors } from "../runtime/records/courier-sync-errors"
import { courierUpdatesOf } from "../runtime/records/courier-updates"
import { syncShipmentRecorded } from "./courier-sync"
import { bnplPaymentsOf, type MedusaPaymentRecord } from "./order-payments"

// The `shipment.created` event can be lost (a Redis flush, a killed worker); this repair sends the
// shipment through the subscriber's own path, so a capture on shipment happens once.

/** Longer than any outage the repair should outlast; an older shipment was acted on by a person. */
export const WINDOW_MS = 7 * 24 * 60 * 60_000

/** The subscriber's turn: a shipment younger than this is left to it. */
export const GRACE_MS = 60_000

/** A failed courier update is tried again after this long (the order page shows the error meanwhile). */
export const BACKOFF_MS = 15 * 60_000

/** How many shipments one run sends; the rest wait for the next minute. */
export const MAX_SHIPMENTS_PER_RUN = 20

const PAGE_SIZE = 200

export interface ShipmentRepairReport {
  checked: number
  sent: string[]
  failed: Array<{ fulfillmentId: string; message: string }>
}

interface ShippedFulfillmentRow {
  id: string
  order?: { payment_collections?: Array<{ payments?: MedusaPaymentRecord[] | null } | null> | null } | null
}

/** Never throws for one fulfillment: a failure is recorded as its courier sync error and reported. */
export async function repairUntoldShipments(
  container: MedusaContainer,
  { now = new Date(), graceMs = GRACE_MS }: { now?: Date; graceMs?: number } = {},
): Promise<ShipmentRepairReport> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const report: ShipmentRepairReport = { checked: 0, sent: [], failed: [] }
  const shipped_at = { $gte: new Date(now.getTime() - WINDOW_MS).toISOString(), $lte: new Date(now.getTime() - graceMs).toISOString() }
  const due: string[] = []
  for (let skip = 0; due.length < MAX_SHIPMENTS_PER_RUN; skip += PAGE_SIZE) {
    const { data: page } = (await query.graph({
      entity: "fulfillment",
      fields: [
        "id",
        "order.payment_collections.payments.id",
        "order.payment_collections.payments.provider_id",
        "order.payment_collections.payments.data",
      ],
      filters: { shipped_at, canceled_at: null },
      pagination: { skip, take: PAGE_SIZE, order: { shipped_at: "ASC" } },
    })) as { data: ShippedFulfillmentRow[] }
    report.checked += page.length
    const payLater = page.filter((fulfillment) => bnplPaymentsOf(fulfillment.order).length).map((fulfillment) => fulfillment.id)
    const told = await courierUpdatesOf(payLater)
    const backingOff = new Set(
      (await readCourierSyncErrors(payLater))
        .filter((error) => now.getTime() - Date.parse(error.failedAt) < BACKOFF_MS)
        .map((error) => error.fulfillmentId),
    )
    due.push(...payLater.filter((id) => !told.has(id) && !backingOff.has(id)).slice(0, MAX_SHIPMENTS_PER_RUN - due.length))
    if (page.length < PAGE_SIZE) break
  }
  for (const fulfillmentId of due) {
    try {
      await syncShipmentRecorded(container, fulfillmentId)
      report.sent.push(fulfillmentId)
    } catch (error) {
      report.failed.push({ fulfillmentId, message: (error as Error).message })
    }
  }
  if (report.sent.length) {
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .warn(
        `medusa-payment-bnpl: ${report.sent.length} shipment(s) the service was never told of (their event was lost) were sent now: ${report.sent.join(", ")}.`,
      )
  }
  return report
}
