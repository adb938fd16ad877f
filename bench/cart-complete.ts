import type { Sandbox } from "../src/sandbox"
import { summarize, type Summary } from "./stats"
import { withRoundTrips, type RoundTrips } from "./round-trips"
import type { StoreApi } from "./store-api"

/**
 * Section 2: `POST /store/carts/:id/complete` with pp_bnpl_bnpl against Medusa's
 * pp_system_default, on the same store, same cart shape, sandbox without latency. Carts are
 * prepared outside the timed window (cart, shipping, payment collection, session, and for
 * pay later the consumer's confirmation through the sandbox control); only the complete call
 * is timed. Providers alternate run by run. The same runs give the round trips of the
 * pay-later session creation (initiatePayment) and of the completion (authorizePayment).
 */
/**
 * Wait after each operation before the next: the work an order sets off after its answer
 * (Medusa's events and subscribers) would otherwise land in the next timed completion.
 */
const SETTLE_MS = 250

export const BNPL = "pp_bnpl_bnpl"
export const SYSTEM = "pp_system_default"

export interface CartCompleteResult {
  bnpl: Summary
  system: Summary
  /**
   * bnpl - system within each run (the two completions of a run are made back to back), so
   * drift on a busy machine hits both alike: its median is the time pay later adds.
   */
  pairedDifference: Summary
  /** Per timed pay-later run. */
  initiateTrips: RoundTrips[]
  completeTrips: RoundTrips[]
  /** Orders placed with pay later, for the after-order operations. */
  bnplOrderIds: string[]
}

export async function measureCartComplete(
  sandbox: Sandbox,
  store: StoreApi,
  { runs = 10, warmup = 2 }: { runs?: number; warmup?: number } = {},
): Promise<CartCompleteResult> {
  const samples: Record<string, number[]> = { [BNPL]: [], [SYSTEM]: [] }
  const result: CartCompleteResult = {
    bnpl: summarize([]),
    system: summarize([]),
    pairedDifference: summarize([]),
    initiateTrips: [],
    completeTrips: [],
    bnplOrderIds: [],
  }
  const differences: number[] = []
  for (let run = 0; run < warmup + runs; run++) {
    const taken: Record<string, number> = {}
    const providers = run % 2 ? [SYSTEM, BNPL] : [BNPL, SYSTEM]
    for (const provider of providers) {
      const cartId = await store.readyCart()
      const collectionId = await store.createPaymentCollection(cartId)
      const initiated = await withRoundTrips(sandbox, () => store.createSession(collectionId, provider), { settleMs: SETTLE_MS })
      if (provider === BNPL) sandbox.control.confirmCheckout(initiated.value.data.token)

      let ms = 0
      const completed = await withRoundTrips(
        sandbox,
        async () => {
          const start = performance.now()
          const orderId = await store.complete(cartId)
          ms = performance.now() - start
          return orderId
        },
        { settleMs: SETTLE_MS },
      )
      if (run < warmup) continue
      taken[provider] = ms
      samples[provider].push(ms)
      if (provider === BNPL) {
        result.initiateTrips.push(initiated.trips)
        result.completeTrips.push(completed.trips)
        result.bnplOrderIds.push(completed.value)
      }
    }
    if (run >= warmup) differences.push(taken[BNPL] - taken[SYSTEM])
  }
  result.bnpl = summarize(samples[BNPL])
  result.pairedDifference = summarize(differences)
  result.system = summarize(samples[SYSTEM])
  return result
}
