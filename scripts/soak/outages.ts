import type { OutageProxy } from "../../harness/outage-proxy"
import type { History } from "./history"
import { sleep } from "./http"
import type { Prng } from "./prng"

/**
 * Outages of what the plugin keeps its state in and talks to (issue 42, item 6): PostgreSQL,
 * Redis and the service cut off through proxies the soak owns (harness/outage-proxy.ts), never
 * by stopping the machine's own servers, which other runs share.
 */

export type OutageKind = "postgres" | "redis" | "service"
export const OUTAGE_KINDS: readonly OutageKind[] = ["postgres", "redis", "service"]

/** How long each outage lasts, in seconds (drawn in this range). */
export const OUTAGE_SECONDS: Record<OutageKind, readonly [number, number]> = {
  postgres: [10, 40],
  redis: [30, 90],
  service: [30, 120],
}

/** What each kind cuts, in the history's words. */
const WHAT: Record<OutageKind, string> = {
  postgres: "PostgreSQL unreachable (every connection reset)",
  redis: "Redis unreachable (locks, cache, event bus and workflow engine cut off)",
  service: "the service unreachable (the proxy drops every connection)",
}

/** One outage: its kind, when it starts and how long it lasts (ms from the run's start). */
export interface PlannedOutage {
  kind: OutageKind
  startMs: number
  durationMs: number
}

/** Seconds kept free at the start and end of each slot, so an outage never runs past the actors. */
const SLOT_MARGIN_SECONDS = 5

/**
 * The outages of a run of `minutes`, drawn from `rng` (so a seed replays them): each kind gets
 * `perKind` (default one per 3 minutes, at least one, so CI's 3-minute run meets each), one in
 * each of `perKind` equal slots of the run, its length drawn in OUTAGE_SECONDS and its start
 * drawn so that it ends inside its slot. Kinds are drawn independently, so they may overlap.
 * @returns the outages, by start.
 */
export function planOutages(rng: Prng, minutes: number, perKind = Math.max(1, Math.floor(minutes / 3))): PlannedOutage[] {
  const runSeconds = minutes * 60
  const slotSeconds = runSeconds / perKind
  const planned: PlannedOutage[] = []
  for (const kind of OUTAGE_KINDS) {
    const [shortest, longest] = OUTAGE_SECONDS[kind]
    for (let slot = 0; slot < perKind; slot++) {
      // A slot too short for the longest draw takes the longest that fits (never below the range).
      const room = Math.max(shortest, Math.min(longest, Math.floor(slotSeconds - 2 * SLOT_MARGIN_SECONDS)))
      const seconds = rng.int(shortest, room)
      const latestStart = Math.max(SLOT_MARGIN_SECONDS, Math.floor(slotSeconds - seconds - SLOT_MARGIN_SECONDS))
      const start = slot * slotSeconds + rng.int(SLOT_MARGIN_SECONDS, latestStart)
      planned.push({ kind, startMs: Math.round(start * 1_000), durationMs: seconds * 1_000 })
    }
  }
  return planned.sort((a, b) => a.startMs - b.startMs)
}

/** Outages run, by kind, and their seconds in all, for the figures. */
export interface OutageCounts {
  outages: Record<OutageKind, number>
  outageSeconds: Record<OutageKind, number>
}

export const noOutages = (): OutageCounts => ({
  outages: { postgres: 0, redis: 0, service: 0 },
  outageSeconds: { postgres: 0, redis: 0, service: 0 },
})

/**
 * Runs the planned outages from `startedAt`: cuts the kind's proxy at each start, restores it
 * after its length, and writes both to the history. Stops at `until`, every way restored.
 */
export async function runOutages(
  proxies: Record<OutageKind, OutageProxy>,
  planned: readonly PlannedOutage[],
  startedAt: number,
  history: History,
  until: () => boolean,
  counts: OutageCounts,
): Promise<void> {
  await Promise.all(
    planned.map(async (outage) => {
      while (!until() && Date.now() < startedAt + outage.startMs) await sleep(250)
      if (until()) return
      const proxy = proxies[outage.kind]
      proxy.cut()
      counts.outages[outage.kind] += 1
      history.add({ actor: "chaos", step: `cut ${outage.kind}`, result: `${WHAT[outage.kind]} for ${outage.durationMs / 1_000} s` })
      const endsAt = Date.now() + outage.durationMs
      while (!until() && Date.now() < endsAt) await sleep(250)
      // Two outages of one kind never overlap (one per slot), so this ends this one.
      proxy.restore()
      counts.outageSeconds[outage.kind] += Math.round((outage.durationMs - Math.max(0, endsAt - Date.now())) / 1_000)
      history.add({ actor: "chaos", step: `restore ${outage.kind}`, result: "reachable again" })
    }),
  )
}
