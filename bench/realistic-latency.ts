import type { Sandbox } from "../src/sandbox"
import { measureCartComplete, type CartCompleteResult } from "./cart-complete"
import { summarize, type Summary } from "./stats"
import type { StoreApi } from "./store-api"

/**
 * Section 2b: cart completion as against the real service, where each call costs tens to
 * hundreds of milliseconds. The sandbox answers every API call `latencyMs` late (a `latency`
 * fault aimed at every endpoint: docs/sandbox.md "Faults"; the control API and the consumer
 * screens are not delayed), then section 2's comparison runs again: pp_bnpl_bnpl against
 * pp_system_default on the same store. The added time (difference of the medians) divided by
 * the latency is the number of round trips the shopper waits for; issue 10's target is at
 * most 1.2 for one Auth. One bare Ping, timed a few times first, shows what one round trip
 * costs on this machine.
 */
export interface LatencyResult {
  latencyMs: number
  /** A bare `fetch` of /ping through the delay: one round trip as measured. */
  roundTrip: Summary
  complete: CartCompleteResult
}

/** Far more requests than the section makes: the fault never runs out before it is cleared. */
const EVERY_REQUEST = 1_000_000_000

export async function measureAtLatency(
  sandbox: Sandbox,
  store: StoreApi,
  { latencyMs = 100, runs = 10, warmup = 2 }: { latencyMs?: number; runs?: number; warmup?: number } = {},
): Promise<LatencyResult> {
  sandbox.control.addFault({ endpoint: "*", kind: "latency", delayMs: latencyMs, times: EVERY_REQUEST })
  try {
    const pings: number[] = []
    for (let i = 0; i < 5; i++) {
      const start = performance.now()
      await (await fetch(`${sandbox.url}/ping`)).text()
      pings.push(performance.now() - start)
    }
    const complete = await measureCartComplete(sandbox, store, { runs, warmup })
    return { latencyMs, roundTrip: summarize(pings), complete }
  } finally {
    sandbox.control.clearFaults()
  }
}
