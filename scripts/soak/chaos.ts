import type { Sandbox, SandboxEndpoint, SandboxFault } from "../../src/sandbox"
import type { Deployment, ProcessName } from "./deployment"
import type { History } from "./history"
import { sleep } from "./http"
import type { Prng } from "./prng"

/**
 * The endpoints faults are aimed at (every call of a checkout, an approval, money or a
 * shipment), each with its share of the fault rate. Create Checkout carries no requestId, so
 * the plugin does not send it again and a fault there ends the shopper's visit ("Pay later is
 * not available right now"): it gets a third of the rate, or few checkouts would be made.
 */
export const FAULTED_ENDPOINTS: Partial<Record<SandboxEndpoint, number>> = {
  createCheckout: 1 / 3,
  getCheckout: 1,
  auth: 1,
  getPayment: 1,
  capture: 1,
  refund: 1,
  void: 1,
  listPayments: 1,
  courier: 1,
  token: 1,
}

/** The faults met, by weight: each a way the service or the network in front of it fails (src/sandbox/faults.ts). */
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
 * Faults at a set rate per endpoint: about `rate` of the calls to each endpoint (times its share
 * in FAULTED_ENDPOINTS) meet a fault. Each second the calls the sandbox received since the last
 * second say how many faults to queue for the next ones (first queued first met), at most
 * `queue` waiting per endpoint, so a quiet endpoint is not faulted on every call. Stops at `until`.
 */
export async function injectFaults(
  sandbox: Sandbox,
  rng: Prng,
  { rate, queue }: { rate: number; queue: number },
  until: () => boolean,
  counts: ChaosCounts,
): Promise<void> {
  let seen = sandbox.control.ledger().requests
  const owed = new Map<SandboxEndpoint, number>()
  while (!until()) {
    await sleep(1_000)
    const requests = sandbox.control.ledger().requests
    const waiting = new Map<string, number>()
    for (const fault of sandbox.control.faults()) waiting.set(fault.endpoint, (waiting.get(fault.endpoint) ?? 0) + fault.remaining)
    for (const [endpoint, share] of Object.entries(FAULTED_ENDPOINTS) as Array<[SandboxEndpoint, number]>) {
      // Fractions carry over: an endpoint called twice a minute still meets its share.
      let due = (owed.get(endpoint) ?? 0) + (requests[endpoint] - seen[endpoint]) * rate * share
      while (due >= 1 || (due > 0 && rng.chance(due))) {
        due = Math.max(0, due - 1)
        if ((waiting.get(endpoint) ?? 0) >= queue) continue
        waiting.set(endpoint, (waiting.get(endpoint) ?? 0) + 1)
        const kind = rng.weighted(FAULTS)
        const fault: SandboxFault = { endpoint, kind }
        if (kind === "status") fault.status = rng.pick([500, 502, 503])
        // A latency spike: a few seconds (a retry of the same requestId meanwhile gets 409).
        if (kind === "latency") fault.delayMs = rng.pick([1_500, 3_000, 6_000, 12_000])
        sandbox.control.addFault(fault)
        const label = kind === "status" ? `status ${fault.status}` : kind
        counts.faultsArmed[`${endpoint} ${label}`] = (counts.faultsArmed[`${endpoint} ${label}`] ?? 0) + 1
      }
      owed.set(endpoint, due)
    }
    seen = requests
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
  counts: ChaosCounts,
): Promise<void> {
  // The first flush comes sooner than the mean, so a short run (CI's 3 minutes) meets one too.
  let nextFlush = Date.now() + rng.int(options.flushEverySeconds / 4, options.flushEverySeconds * 0.75) * 1_000
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
    restarts.push(sleep(downFor).then(() => restart(deployment, victim, history, until)))
  }
  await Promise.all(restarts)
}

/**
 * Starts a killed process again, and again after a failed start (one that met a PostgreSQL or
 * Redis outage: Medusa does not start without them), until it is up or the run is over.
 */
async function restart(deployment: Deployment, victim: ProcessName, history: History, until: () => boolean): Promise<void> {
  for (;;) {
    try {
      await deployment.startProcess(victim)
      history.add({ actor: "chaos", step: `restart ${victim}`, result: "up" })
      return
    } catch (error) {
      history.add({ actor: "chaos", step: `restart ${victim}`, result: `failed: ${(error as Error).message.slice(0, 200)}` })
      if (until()) return
      await sleep(5_000)
    }
  }
}
