import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { capturePaymentWorkflow } from "@medusajs/medusa/core-flows"
import type { UpdateShippingCourierRequest } from "../client/schemas"
import { cutText } from "../payments/mapping/text"
import { asPaymentData } from "../payments/session-data"
import { minorUnitsToApiAmount, toMinorUnits, type MajorUnitAmount } from "../client/money"
import { clearCourierSyncError, recordCourierSyncError } from "../runtime/records/courier-sync-errors"
import { recordCourierUpdate } from "../runtime/records/courier-updates"
import { effectiveSettings } from "../runtime/config/effective-settings"
import { accountForPayment, getPluginRuntime } from "../runtime/accounts/plugin-runtime"
import { paymentOperationsForAccount } from "../runtime/accounts/account-payment-operations"
import { PAYMENT_FIELDS, bnplPaymentsOf } from "./order-payments"

interface ShippedFulfillment {
  id: string
  shipped_at?: string | Date | null
  metadata?: Record<string, unknown> | null
  data?: Record<string, unknown> | null
  shipping_option_id?: string | null
  shipping_option?: { id: string; name?: string | null } | null
  labels?: Array<{ tracking_number?: string | null }> | null
  order?: {
    id: string
    shipping_total?: unknown
    items?: Array<{ id: string; quantity: unknown; total: unknown }> | null
    fulfillments?: Array<{
      id: string
      shipped_at?: unknown
      canceled_at?: unknown
      items?: Array<{ line_item_id: string; quantity: unknown }> | null
    }> | null
    payment_collections?: Array<{ payments?: any[] }>
  } | null
}

export interface CourierSyncResult {
  updated: string[]
  /** Service order ids captured because `capture` is `on_shipment`. */
  captured: string[]
}

const SHIPMENT_FIELDS = [
  "id",
  "shipped_at",
  "metadata",
  "data",
  "shipping_option_id",
  "shipping_option.name",
  "labels.tracking_number",
  "order.id",
  "order.shipping_total",
  "order.items.id",
  "order.items.quantity",
  "order.items.total",
  "order.fulfillments.id",
  "order.fulfillments.shipped_at",
  "order.fulfillments.canceled_at",
  "order.fulfillments.items.line_item_id",
  "order.fulfillments.items.quantity",
  "order.payment_collections.payments.captures.amount",
  ...PAYMENT_FIELDS.map((field) => `order.payment_collections.payments.${field}`),
]

/** The fulfillment with its order's lines, fulfillments and pay-later payments, as the courier update and the capture read them. */
async function readShippedFulfillment(container: MedusaContainer, fulfillmentId: string): Promise<ShippedFulfillment | undefined> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "fulfillment", fields: SHIPMENT_FIELDS, filters: { id: fulfillmentId } })
  return data[0] as ShippedFulfillment | undefined
}

/**
 * Tells the service a fulfillment shipped (docs/service-api.md "Update Shipping Courier"), then
 * captures under `capture: "on_shipment"`. Safe to rerun: the service takes an update again.
 */
export async function syncShipment(container: MedusaContainer, fulfillmentId: string): Promise<CourierSyncResult> {
  const fulfillment = await readShippedFulfillment(container, fulfillmentId)
  const payments = bnplPaymentsOf(fulfillment?.order)
  const result: CourierSyncResult = { updated: [], captured: [] }
  if (!fulfillment || !payments.length) return result

  const runtime = getPluginRuntime(container)
  const paymentModule = container.resolve(Modules.PAYMENT)
  for (const payment of payments) {
    const orderId = payment.data!.orderId!
    // The account that made the payment (rule 2: one per region).
    const account = accountForPayment(runtime, payment)
    if (!account) {
      runtime.logger?.warn?.(
        `medusa-payment-bnpl: no configured account made payment ${payment.id} (${payment.provider_id}); its courier details were not sent.`,
      )
      continue
    }
    const { client, options, logger } = account
    const courier = courierFor(fulfillment, options.expressShippingOptions)
    // Never another checkout's order of the same id (a reset service): by the identity recorded at approval.
    await paymentOperationsForAccount(account).assertServicePayment(asPaymentData(payment.data!))
    await client.updateShippingCourier(orderId, courier)
    await recordCourierUpdate(fulfillment.id, orderId)
    // UpdatePaymentDTO omits `data`, but the payment module stores it; the admin then sees the courier.
    await paymentModule.updatePayment({ id: payment.id, data: { ...payment.data, courier } } as never)
    result.updated.push(orderId)
    logger?.info?.(`medusa-payment-bnpl: sent courier details of fulfillment ${fulfillment.id} for order ${orderId}`)

    if (!payment.captured_at && !payment.canceled_at && (await effectiveSettings(account, account)).capture === "on_shipment") {
      if (await captureShipped(container, fulfillment, payment.id)) result.captured.push(orderId)
    }
  }
  return result
}

/** `syncShipment`, with a failure recorded as the fulfillment's courier sync error; a success clears it. */
export async function syncShipmentRecorded(container: MedusaContainer, fulfillmentId: string): Promise<CourierSyncResult> {
  try {
    const result = await syncShipment(container, fulfillmentId)
    await clearCourierSyncError(fulfillmentId)
    return result
  } catch (error) {
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .error(`medusa-payment-bnpl: courier update for fulfillment ${fulfillmentId} failed: ${(error as Error).message}`)
    await recordCourierSyncError(fulfillmentId, (error as Error).message)
    throw error
  }
}

/** Under a lock on the payment, with its captures read inside it: the subscriber and the repair capture once. */
async function captureShipped(container: MedusaContainer, fulfillment: ShippedFulfillment, paymentId: string): Promise<boolean> {
  const paymentModule = container.resolve(Modules.PAYMENT)
  return container.resolve(Modules.LOCKING).execute(
    `medusa-payment-bnpl-shipment-capture:${paymentId}`,
    async () => {
      const payment = await paymentModule.retrievePayment(paymentId, { relations: ["captures"] })
      if (payment.captured_at || payment.canceled_at) return false
      const amount = shipmentCaptureAmount(fulfillment, payment as never)
      if (amount <= 0n) return false
      await capturePaymentWorkflow(container).run({ input: { payment_id: paymentId, amount: minorUnitsToApiAmount(amount) } })
      return true
    },
    { timeout: 60 },
  )
}

/**
 * Minor units left to capture: all items shipped so far (item totals per unit) plus shipping, less
 * what is captured, so a rerun owes nothing; the last shipment takes the rest.
 */
export function shipmentCaptureAmount(
  fulfillment: ShippedFulfillment,
  payment: { amount?: unknown; captures?: Array<{ amount: unknown }> | null },
): bigint {
  const order = fulfillment.order
  const minor = (value: unknown) => toMinorUnits((value ?? 0) as MajorUnitAmount)
  const captured = (payment.captures ?? []).reduce((sum, capture) => sum + minor(capture.amount), 0n)
  const left = minor(payment.amount) - captured
  if (left <= 0n) return 0n
  const items = new Map((order?.items ?? []).map((item) => [item.id, item]))
  const shipped = new Map<string, number>()
  for (const other of order?.fulfillments ?? []) {
    if (other.canceled_at || !(other.shipped_at || other.id === fulfillment.id)) continue
    for (const line of other.items ?? []) shipped.set(line.line_item_id, (shipped.get(line.line_item_id) ?? 0) + Number(line.quantity))
  }
  const completesOrder = [...items.values()].every((item) => (shipped.get(item.id) ?? 0) >= Number(item.quantity))
  if (completesOrder || !items.size) return left
  let value = minor(order?.shipping_total)
  for (const [lineItemId, quantity] of shipped) {
    const item = items.get(lineItemId)
    if (!item || !Number(item.quantity)) continue
    value += (minor(item.total) * BigInt(Math.round(quantity))) / BigInt(Math.round(Number(item.quantity)))
  }
  const owed = value - captured
  if (owed <= 0n) return 0n
  return owed < left ? owed : left
}

/** The Update Shipping Courier body for a shipped fulfillment. */
export function courierFor(fulfillment: ShippedFulfillment, expressShippingOptions: string[]): UpdateShippingCourierRequest {
  const shippedAt = fulfillment.shipped_at ? new Date(fulfillment.shipped_at) : new Date()
  const tracking = (fulfillment.labels ?? [])
    .map((label) => label.tracking_number?.trim())
    .filter((number): number is string => !!number)
    .join(", ")
  const name =
    stringOf(fulfillment.metadata?.courier_name) ??
    stringOf(fulfillment.data?.courier) ??
    stringOf(fulfillment.data?.carrier) ??
    stringOf(fulfillment.shipping_option?.name)
  const express = [fulfillment.shipping_option_id, fulfillment.shipping_option?.name].some(
    (key) => !!key && expressShippingOptions.includes(key),
  )
  return {
    shippedAt: shippedAt.toISOString(),
    name: cutText(name, 128),
    tracking: cutText(tracking, 128),
    priority: express ? "EXPRESS" : "STANDARD",
  }
}

function stringOf(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() ? value : undefined
}
