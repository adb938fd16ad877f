import type { Sandbox } from "../src/sandbox"
import type { AdminApi } from "./store-api"

/**
 * API round trips per store operation, read from the sandbox ledger's per-endpoint request
 * counts just before and just after the operation (after a short settle, so calls a
 * subscriber makes right after the HTTP answer are counted too). Operations are run one at a
 * time, so every request the sandbox saw in the window belongs to the operation (a scheduled
 * job firing in the window would show up in the per-endpoint breakdown).
 */
export type RequestCounts = Record<string, number>

export interface RoundTrips {
  total: number
  byEndpoint: RequestCounts
}

const SETTLE_MS = 300

function counts(sandbox: Sandbox): RequestCounts {
  return { ...sandbox.control.ledger().requests }
}

function difference(before: RequestCounts, after: RequestCounts): RoundTrips {
  const byEndpoint: RequestCounts = {}
  let total = 0
  for (const [endpoint, value] of Object.entries(after)) {
    const added = value - (before[endpoint] ?? 0)
    if (added) {
      byEndpoint[endpoint] = added
      total += added
    }
  }
  return { total, byEndpoint }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Runs `operation` and returns its result with the requests the sandbox received meanwhile.
 * `until` (optional) is polled after the operation, up to 15 s, for asynchronous work
 * (the shipment subscriber) before the settle.
 */
export async function withRoundTrips<T>(
  sandbox: Sandbox,
  operation: () => Promise<T>,
  { until, settleMs = SETTLE_MS }: { until?: (seen: RoundTrips) => boolean; settleMs?: number } = {},
): Promise<{ value: T; trips: RoundTrips }> {
  const before = counts(sandbox)
  const value = await operation()
  if (until) {
    const deadline = Date.now() + 15_000
    while (!until(difference(before, counts(sandbox))) && Date.now() < deadline) await sleep(50)
  }
  await sleep(settleMs)
  return { value, trips: difference(before, counts(sandbox)) }
}

/** `2 (getCheckout 1, auth 1)`. */
export function describeTrips(trips: RoundTrips): string {
  const parts = Object.entries(trips.byEndpoint).map(([endpoint, n]) => `${endpoint} ${n}`)
  return `${trips.total}${parts.length ? ` (${parts.join(", ")})` : ""}`
}

/**
 * After-order operations on placed pay-later orders, each counted alone: shipment (fulfil +
 * ship with a label; the plugin's subscriber sends Update Shipping Courier), capture from the
 * admin, and a partial refund, on each of `orderIds`; and the void of an uncaptured payment,
 * by cancelling each of `cancelOrderIds` from the admin.
 */
export async function afterOrderRoundTrips(
  sandbox: Sandbox,
  admin: AdminApi,
  orderIds: string[],
  locationId: string,
  cancelOrderIds: string[] = [],
): Promise<Record<"capture" | "refund" | "void" | "shipment", RoundTrips[]>> {
  const result: Record<"capture" | "refund" | "void" | "shipment", RoundTrips[]> = { capture: [], refund: [], void: [], shipment: [] }
  for (const orderId of orderIds) {
    const { paymentId, items } = await admin.orderPayment(orderId)
    const shipped = await withRoundTrips(sandbox, () => admin.ship(orderId, items, locationId), {
      until: (seen) => (seen.byEndpoint.courier ?? 0) > 0,
      settleMs: 500,
    })
    result.shipment.push(shipped.trips)
    result.capture.push((await withRoundTrips(sandbox, () => admin.capture(paymentId))).trips)
    result.refund.push((await withRoundTrips(sandbox, () => admin.refund(paymentId, 10))).trips)
  }
  for (const orderId of cancelOrderIds) result.void.push((await withRoundTrips(sandbox, () => admin.cancel(orderId))).trips)
  return result
}
