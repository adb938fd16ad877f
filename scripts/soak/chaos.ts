import type { Sandbox, SandboxEndpoint, SandboxFault } from "../../src/sandbox"
import type { Deployment, ProcessName } from "./deployment"
import type { History } from "./history"
import { sleep } from "./http"
import type { Prng } from "./prng"

/** The endpoints faults are aimed at: every call of a checkout, an approval, money or a shipment. */
export const FAULTED_ENDPOINTS: SandboxEndpoint[] = ["createCheckout", "getCheckout", "auth", "getPayment", "capture", "refund", "void", "listPayments", "courier", "token"]

const FAULTS = {
  lost_response: 25,
  reset: 15,
  status: 20,
  conflict: 10,
  latency: 20,
  html: 8,
  malformed: 2,
} as const

/** Counts of what the chaos did, for the figures. */
export interface ChaosCounts {
  faultsArmed: Record<string, number>
  kills: Record<string, number>
  flushes: number
}

/**
 * Faults at a set rate per endpoint: each second, an endpoint with fewer than `queue` faults
 * waiting gets one more with probability `rate` (the next calls to it meet them, first queued
 * first met). A busy endpoint (Get Payment, List Payments) uses up about `rate` faults a
 * second; a quiet one (the token, Void) keeps `queue` waiting for its next calls. Stops at `until`.
 */
export async function injectFaults(
  sandbox: Sandbox,
  rng: Prng,
  { rate, queue }: { rate: number; queue: number },
  until: () => boolean,
  counts: ChaosCounts
): Promise<void> {
  while (!until()) {
    const waiting = new Map<string, number>()
    for (const fault of sandbox.control.faults()) waiting.set(fault.endpoint, (waiting.get(fault.endpoint) ?? 0) + fault.remaining)
    for (const endpoint of FAULTED_ENDPOINTS) {
      if ((waiting.get(endpoint) ?? 0) >= queue || !rng.chance(rate)) continue
      const kind = rng.weighted(FAULTS)
      const fault: SandboxFault = { endpoint, kind }
      if (kind === "status") fault.status = rng.pick([500, 502, 503])
      // A latency spike: a few seconds (a retry of the same requestId meanwhile gets 409).
      if (kind === "latency") fault.delayMs = rng.pick([1_500, 3_000, 6_000, 12_000])
      sandbox.control.addFault(fault)
      const label = kind === "status" ? `status ${fault.status}` : kind
      counts.faultsArmed[`${endpoint} ${label}`] = (counts.faultsArmed[`${endpoint} ${label}`] ?? 0) + 1
    }
    await sleep(1_000)
  }
}

/** Faults met so far: those queued less those still waiting. */
export function faultsInjected(counts: ChaosCounts, waiting: Array<{ remaining: number }>): number {
  const armed = Object.values(counts.faultsArmed).reduce((sum, n) => sum + n, 0)
  return armed - waiting.reduce((sum, fault) => sum + fault.remaining, 0)
}

/**
 * Crashes: at random moments (every `meanGapSeconds` on average) a SIGKILL of a server or the
 * worker, started again a few seconds later; one process down at a time. Now and then a Redis
 * FLUSHDB. Stops at `until`, leaving every process up.
 */
export async function crashAndFlush(
  deployment: Deployment,
  history: History,
  rng: Prng,
  options: { meanGapSeconds: number; flushEverySeconds: number },
  until: () => boolean,
  counts: ChaosCounts
): Promise<void> {
  let nextFlush = Date.now() + rng.int(options.flushEverySeconds / 2, options.flushEverySeconds * 1.5) * 1_000
  const restarts: Array<Promise<void>> = []
  while (!until()) {
    const gap = rng.int(options.meanGapSeconds / 2, options.meanGapSeconds * 1.5) * 1_000
    const wakeAt = Date.now() + gap
    while (!until() && Date.now() < wakeAt) await sleep(500)
    if (until()) break
    if (Date.now() >= nextFlush) {
      await deployment.flushRedis()
      counts.flushes += 1
      history.add({ actor: "chaos", step: "redis flushdb", result: "every cache, lock, queue and workflow entry gone" })
      nextFlush = Date.now() + rng.int(options.flushEverySeconds / 2, options.flushEverySeconds * 1.5) * 1_000
      continue
    }
    const victim = rng.pick<ProcessName>(["server-a", "server-b", "worker"])
    // One process down at a time: a deployment keeps one server serving.
    if (!deployment.allUp() || !(await deployment.kill(victim))) continue
    counts.kills[victim] = (counts.kills[victim] ?? 0) + 1
    history.add({ actor: "chaos", step: `kill ${victim}`, result: "SIGKILL" })
    const downFor = rng.int(2, 10) * 1_000
    restarts.push(
      sleep(downFor)
        .then(() => deployment.startProcess(victim))
        .then(() => void history.add({ actor: "chaos", step: `restart ${victim}`, result: "up" }))
        .catch((error) => void history.add({ actor: "chaos", step: `restart ${victim}`, result: `failed: ${(error as Error).message.slice(0, 200)}` }))
    )
  }
  await Promise.all(restarts)
}
