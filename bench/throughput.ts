import type { Sandbox } from "../src/sandbox"
import { summarize, type Summary } from "./stats"
import { BNPL, SYSTEM } from "./cart-complete"
import type { StoreApi } from "./store-api"

/**
 * Section 4: whole checkouts per second with 1, 10 and 50 shoppers at once, pay later and
 * Medusa's `pp_system_default` on the same store. Each shopper runs the full store path in a
 * loop: cart with items and addresses, shipping method, payment collection and session; for
 * pay later (pp_bnpl_bnpl: Create Checkout) the consumer's confirmation through the sandbox
 * control, then the plugin's return route, which completes the cart (Auth) and redirects to
 * the order page; for the system provider the storefront's `POST /store/carts/:id/complete`.
 * Each level is time-boxed: shoppers start new checkouts until `windowMs` has passed (every
 * shopper makes at least one), then the ones under way finish. Rate = successful checkouts /
 * wall time from the first request to the last answer (so the drain at the end is included).
 * The store's CPU seconds over the level (its own process: the sandbox runs in the bench's)
 * divided by the checkouts is what one checkout costs the store, the figure the shared
 * machine's load disturbs least. The two providers take turns, level by level.
 */
export interface ThroughputResult {
  provider: string
  shoppers: number
  checkouts: number
  failed: number
  wallMs: number
  perSecond: number
  /** One checkout's time, end to end. */
  latency: Summary
  /** The store process's CPU seconds over the level, and per successful checkout. */
  storeCpuSeconds: number
  cpuPerCheckout: number
  firstError?: string
}

/** One pay-later shopper's whole journey; resolves with the order id. */
export async function checkout(sandbox: Sandbox, store: StoreApi): Promise<string> {
  const cartId = await store.readyCart()
  const session = await store.initiatePaymentSession(cartId, BNPL)
  sandbox.control.confirmCheckout(session.data.token)
  return store.returnRoute(cartId, session.data.token)
}

/** One shopper's whole journey with Medusa's system provider; resolves with the order id. */
export async function systemCheckout(store: StoreApi): Promise<string> {
  const cartId = await store.readyCart()
  await store.initiatePaymentSession(cartId, SYSTEM)
  return store.complete(cartId)
}

/** One level for one provider: `shoppers` at once, new checkouts started for `windowMs`. */
async function level(
  run: () => Promise<string>,
  provider: string,
  shoppers: number,
  windowMs: number,
  storeCpu: () => number,
): Promise<ThroughputResult> {
  const deadline = performance.now() + windowMs
  let failed = 0
  let firstError: string | undefined
  const latencies: number[] = []
  const shopper = async () => {
    do {
      const start = performance.now()
      try {
        await run()
        latencies.push(performance.now() - start)
      } catch (error) {
        failed++
        firstError ??= error instanceof Error ? error.message.slice(0, 200) : String(error)
      }
    } while (performance.now() < deadline)
  }
  const cpuBefore = storeCpu()
  const start = performance.now()
  await Promise.all(Array.from({ length: shoppers }, shopper))
  const wallMs = performance.now() - start
  const storeCpuSeconds = storeCpu() - cpuBefore
  return {
    provider,
    shoppers,
    checkouts: latencies.length,
    failed,
    wallMs,
    perSecond: latencies.length / (wallMs / 1000),
    latency: summarize(latencies),
    storeCpuSeconds,
    cpuPerCheckout: latencies.length ? storeCpuSeconds / latencies.length : Number.NaN,
    firstError,
  }
}

/**
 * Every level for both providers, pay later first at odd levels and the system provider first
 * at even ones, so that a change of the machine's load falls on both.
 * @param storeCpu the store process's CPU seconds so far (store-cpu.ts).
 */
export async function measureThroughput(
  sandbox: Sandbox,
  store: StoreApi,
  levels: number[],
  windowMs: number,
  storeCpu: () => number,
): Promise<ThroughputResult[]> {
  const results: ThroughputResult[] = []
  const runs = { [BNPL]: () => checkout(sandbox, store), [SYSTEM]: () => systemCheckout(store) }
  for (const [index, shoppers] of levels.entries()) {
    for (const provider of index % 2 ? [SYSTEM, BNPL] : [BNPL, SYSTEM]) {
      results.push(await level(runs[provider], provider, shoppers, windowMs, storeCpu))
    }
  }
  return results
}
