import type { Sandbox } from "../src/sandbox"
import { summarize, type Summary } from "./stats"
import { BNPL } from "./cart-complete"
import type { StoreApi } from "./store-api"

/**
 * Section 4: whole pay-later checkouts per second with 1, 10 and 50 shoppers at once. Each
 * shopper runs the full store path in a loop: cart with items and addresses, shipping method,
 * payment collection and pp_bnpl_bnpl session (Create Checkout), the consumer's confirmation
 * through the sandbox control, then the plugin's return route, which completes the cart
 * (Get Checkout + Auth) and redirects to the order page. Each level is time-boxed: shoppers
 * start new checkouts until `windowMs` has passed (every shopper makes at least one), then
 * the ones under way finish. Rate = successful checkouts / wall time from the first request
 * to the last answer (so the drain at the end is included).
 */
export interface ThroughputResult {
  shoppers: number
  checkouts: number
  failed: number
  wallMs: number
  perSecond: number
  /** One checkout's time, end to end. */
  latency: Summary
  firstError?: string
}

/** One shopper's whole journey; resolves with the order id. */
export async function checkout(sandbox: Sandbox, store: StoreApi): Promise<string> {
  const cartId = await store.readyCart()
  const session = await store.initiatePaymentSession(cartId, BNPL)
  sandbox.control.confirmCheckout(session.data.token)
  return store.returnRoute(cartId, session.data.token)
}

export async function measureThroughput(
  sandbox: Sandbox,
  store: StoreApi,
  levels: number[],
  windowMs: number
): Promise<ThroughputResult[]> {
  const results: ThroughputResult[] = []
  for (const shoppers of levels) {
    const deadline = performance.now() + windowMs
    let failed = 0
    let firstError: string | undefined
    const latencies: number[] = []
    const shopper = async () => {
      do {
        const start = performance.now()
        try {
          await checkout(sandbox, store)
          latencies.push(performance.now() - start)
        } catch (error) {
          failed++
          firstError ??= error instanceof Error ? error.message.slice(0, 200) : String(error)
        }
      } while (performance.now() < deadline)
    }
    const start = performance.now()
    await Promise.all(Array.from({ length: shoppers }, shopper))
    const wallMs = performance.now() - start
    results.push({
      shoppers,
      checkouts: latencies.length,
      failed,
      wallMs,
      perSecond: latencies.length / (wallMs / 1000),
      latency: summarize(latencies),
      firstError,
    })
  }
  return results
}
