import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { ContainerLike } from "../runtime/infrastructure/shared-types"
import { SETTLEMENT_FIELDS, outstandingOf, settlePayment, type PaymentSettlement } from "./canceled-order-settlement"
import { bnplPaymentsOf } from "./order-payments"

// The `order.canceled` subscriber runs once: a failed void or refund, or a lost event, leaves money
// at the service for an order Medusa shows canceled.

/** Past the 13 days an authorisation lives; a refund still owed after two weeks is for a person, not a loop. */
export const WINDOW_MS = 14 * 24 * 60 * 60_000

/** The subscriber's turn: an order canceled less than this long ago is left to it. */
export const GRACE_MS = 60_000

/** How many owing payments one run settles; the rest wait for the next minute. */
export const MAX_PAYMENTS_PER_RUN = 20

const PAGE_SIZE = 200

export interface CanceledOrderRepairReport {
  checked: number
  settled: PaymentSettlement[]
  failed: PaymentSettlement[]
}

/** Never throws for one payment: a failure is logged, reported in `failed` and tried again next run. */
export async function repairCanceledOrders(
  scope: ContainerLike,
  { now = new Date(), graceMs = GRACE_MS }: { now?: Date; graceMs?: number } = {},
): Promise<CanceledOrderRepairReport> {
  const query = scope.resolve<any>(ContainerRegistrationKeys.QUERY)
  const report: CanceledOrderRepairReport = { checked: 0, settled: [], failed: [] }
  // Medusa does not index `canceled_at`; the records module's migration does (canceled orders only).
  const canceled_at = { $gte: new Date(now.getTime() - WINDOW_MS).toISOString(), $lte: new Date(now.getTime() - graceMs).toISOString() }
  let acted = 0
  for (let skip = 0; acted < MAX_PAYMENTS_PER_RUN; skip += PAGE_SIZE) {
    const { data: page } = await query.graph({
      entity: "order",
      fields: ["id"],
      filters: { status: "canceled", canceled_at },
      pagination: { skip, take: PAGE_SIZE, order: { canceled_at: "DESC" } },
    })
    if (!page.length) break
    report.checked += page.length
    const { data: orders } = await query.graph({
      entity: "order",
      fields: SETTLEMENT_FIELDS,
      filters: { id: page.map((order: { id: string }) => order.id) },
    })
    for (const order of orders) {
      for (const payment of bnplPaymentsOf(order)) {
        const { toRefund, open } = outstandingOf(payment)
        if ((toRefund === 0n && !open) || acted >= MAX_PAYMENTS_PER_RUN) continue
        acted++
        const result = await settlePayment(scope, order.id, payment)
        if (result) (result.failed ? report.failed : report.settled).push(result)
      }
    }
    if (page.length < PAGE_SIZE) break
  }
  return report
}
