import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { ContainerLike } from "../runtime/infrastructure/shared-types"
import { SETTLEMENT_FIELDS, outstandingOf, settlePayment, type PaymentSettlement } from "./canceled-order-settlement"
import { bnplPaymentsOf } from "./order-payments"

/**
 * The every-minute job's repair of canceled orders: the `order.canceled` subscriber runs once,
 * and a failure there (a void that met a 5xx or a broken answer, a refund the service refused)
 * or an event never handled (a Redis flush, a killed worker: chaos soak seed 112528) left money
 * open or captured at the service for an order Medusa shows canceled. Each run settles the
 * pay-later payments of orders canceled in the last `WINDOW_MS` (but not in the last
 * `GRACE_MS`, the subscriber's turn) that Medusa's records show still owing: captured and not
 * refunded, or not canceled with a rest open. The settlement is the subscriber's own
 * (canceled-order-settlement.ts); its provider calls read the service's Get Payment under the
 * payment's lock, once per call, so each run costs at most one read per owing payment and
 * call. At most `MAX_PAYMENTS_PER_RUN` payments are settled per run, the most recently
 * canceled first.
 */

/**
 * Two weeks of cancellations. Wider than any outage the repair should outlast (a weekend of a
 * stopped worker), and past the 13 days an authorisation can stay open: a rest still open
 * after that has expired at the service by itself. A refund still owed after two weeks is an
 * incident for a person (the order page shows it), not for a loop that fails every minute.
 */
export const WINDOW_MS = 14 * 24 * 60 * 60_000

/** The subscriber's turn: an order canceled less than this long ago is left to it. */
export const GRACE_MS = 60_000

/** How many owing payments one run settles; the rest wait for the next minute. */
export const MAX_PAYMENTS_PER_RUN = 20

/** Canceled orders are read this many at a time (ids, then their payments). */
const PAGE_SIZE = 200

export interface CanceledOrderRepairReport {
  /** Canceled orders read in the window. */
  checked: number
  settled: PaymentSettlement[]
  failed: PaymentSettlement[]
}

/**
 * Settles what canceled orders still owe (see above). Never throws for one payment: a failure
 * is logged, reported in `failed` and tried again on the next run.
 * `now` and `graceMs` are for tests (a cancel seen as older than it is).
 */
export async function repairCanceledOrders(
  scope: ContainerLike,
  { now = new Date(), graceMs = GRACE_MS }: { now?: Date; graceMs?: number } = {}
): Promise<CanceledOrderRepairReport> {
  const query = scope.resolve<any>(ContainerRegistrationKeys.QUERY)
  const report: CanceledOrderRepairReport = { checked: 0, settled: [], failed: [] }
  // Medusa does not index `canceled_at`; the records module's migration does (canceled orders
  // only), so the two-week window is read from the index, one page of ids at a time and the
  // payments of that page only.
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
    const { data: orders } = await query.graph({ entity: "order", fields: SETTLEMENT_FIELDS, filters: { id: page.map((order: { id: string }) => order.id) } })
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
