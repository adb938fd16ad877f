import { BNPL, SYSTEM, type CartCompleteResult } from "./cart-complete"
import type { OverheadResult } from "./client-overhead"
import type { RoundTrips } from "./round-trips"
import { describeTrips } from "./round-trips"
import { ms, triple } from "./stats"
import type { ThroughputResult } from "./throughput"
import type { QuietShopRow } from "./quiet-shop"
import type { QuietSpellResult } from "./quiet-spells"
import type { LatencyResult } from "./realistic-latency"
import type { BurstResult } from "./token-burst"
import { DEFAULT_MAX_SOCKETS } from "../src/client"

/**
 * Formats the bench's figures as plain-text tables, with each target marked met / NOT MET.
 * Ratios are judged on the medians (p50), which a busy machine disturbs least; the ratio of
 * the means is printed beside them.
 */
export interface BenchFigures {
  overhead: OverheadResult[]
  overheadCalls: number
  burst: BurstResult[]
  quietSpells: QuietSpellResult[]
  complete: CartCompleteResult
  /** Section 2b: the same comparison with the sandbox answering every call late. */
  latency: LatencyResult
  afterOrder: Record<"capture" | "refund" | "void" | "shipment", RoundTrips[]>
  throughput: ThroughputResult[]
  windowMs: number
}

function table(header: string[], rows: string[][]): string {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? "").length)))
  const line = (cells: string[]) =>
    `  ${cells
      .map((cell, column) => cell.padEnd(widths[column]))
      .join("  ")
      .trimEnd()}`
  return [line(header), line(widths.map((width) => "-".repeat(width))), ...rows.map(line)].join("\n")
}

const ratio = (a: number, b: number) => a / b

/** `2` when every run agrees, else `2..3 (per run: 2, 3, ...)`; and whether all runs equal `target`. */
function tripFigure(runs: RoundTrips[], target?: number): { text: string; met: boolean } {
  if (!runs.length) return { text: "n/a", met: false }
  const totals = runs.map((run) => run.total)
  const min = Math.min(...totals)
  const max = Math.max(...totals)
  const example = describeTrips(runs[totals.indexOf(max)])
  const text =
    min === max ? `${example} in ${runs.length}/${runs.length} runs` : `${min}..${max} per run (${totals.join(", ")}); max: ${example}`
  return { text, met: target !== undefined && min === target && max === target }
}

/**
 * Round trips of a capture, refund, void or shipment's courier update: the call alone (the
 * identity check reads the record kept at approval, payments/payment-identity.ts).
 */
const AFTER_ORDER_TRIPS = 1

const verdict = (met: boolean) => (met ? "met" : "NOT MET")

/** Section 2's round trips per operation, each with whether every run made exactly its target. */
function roundTripFigures(complete: CartCompleteResult, afterOrder: BenchFigures["afterOrder"]) {
  return {
    initiate: tripFigure(complete.initiateTrips, 1),
    complete: tripFigure(complete.completeTrips, 1),
    capture: tripFigure(afterOrder.capture, AFTER_ORDER_TRIPS),
    refund: tripFigure(afterOrder.refund, AFTER_ORDER_TRIPS),
    void: tripFigure(afterOrder.void, AFTER_ORDER_TRIPS),
    shipment: tripFigure(afterOrder.shipment, AFTER_ORDER_TRIPS),
  }
}

/** The round-trip table of section 2 (`npm run bench -- --round-trips` prints it alone, with its targets). */
export function renderRoundTrips(trips: ReturnType<typeof roundTripFigures>, withTargets = false): string {
  const out = ["", "   API round trips per operation (sandbox ledger request counts before/after)"]
  out.push(
    table(
      ["operation", "round trips (by endpoint)"],
      [
        ["initiate (POST .../payment-sessions)", trips.initiate.text],
        ["complete (POST /store/carts/:id/complete)", trips.complete.text],
        ["capture (POST /admin/payments/:id/capture)", trips.capture.text],
        ["refund (POST /admin/payments/:id/refund, partial)", trips.refund.text],
        ["void (POST /admin/orders/:id/cancel, uncaptured)", trips.void.text],
        ["shipment (fulfilment + shipment with label)", trips.shipment.text],
      ],
    ),
  )
  if (withTargets) {
    const targets = Object.entries(trips).map(([name, figure]) => [
      `round trips, ${name} = 1`,
      figure.text.split(" ")[0],
      verdict(figure.met),
    ])
    out.push("", table(["target", "measured", ""], targets))
  }
  return out.join("\n")
}

/** Section 2's round trips alone, from its two measurements. */
export function renderRoundTripsOnly(complete: CartCompleteResult, afterOrder: BenchFigures["afterOrder"]): string {
  return renderRoundTrips(roundTripFigures(complete, afterOrder), true)
}

/** Section 1's table: the client against bare axios per call. */
function clientOverheadTable(overhead: OverheadResult[], calls: number): string {
  return [
    `1. Client vs bare axios, same sandbox endpoint (sequential, ${calls} paired calls each after warm-up; ms mean / p50 / p95)`,
    table(
      ["call", "client", "bare axios", "ratio p50", "ratio mean", "client - bare (median of pairs)"],
      overhead.map((row) => [
        row.endpoint,
        triple(row.client, 3),
        triple(row.bare, 3),
        ratio(row.client.p50, row.bare.p50).toFixed(3),
        ratio(row.client.mean, row.bare.mean).toFixed(3),
        `${(row.medianDifferenceMs * 1000).toFixed(0)} µs`,
      ]),
    ),
  ].join("\n")
}

/** `--client-overhead`: section 1's table and its targets (client/bare p50 ratio at most 1.10 per call). */
export function renderClientOverhead(overhead: OverheadResult[], calls: number): string {
  const targets = overhead.map((row) => {
    const value = ratio(row.client.p50, row.bare.p50)
    return `  target: client/bare ratio <= 1.10, ${row.endpoint}: ${value.toFixed(3)} ${verdict(value <= 1.1)}`
  })
  return [clientOverheadTable(overhead, calls), ...targets].join("\n")
}

export function renderReport(figures: BenchFigures): string {
  const out: string[] = []
  const { overhead, burst, quietSpells, complete, latency, afterOrder, throughput } = figures

  out.push(clientOverheadTable(overhead, figures.overheadCalls))

  out.push("", `2. POST /store/carts/:id/complete, same store, sandbox latency 0 (${complete.bnpl.n} runs each after warm-up; ms)`)
  out.push(
    table(
      ["provider", "mean", "p50", "p95"],
      [
        ["pp_bnpl_bnpl", ms(complete.bnpl.mean, 1), ms(complete.bnpl.p50, 1), ms(complete.bnpl.p95, 1)],
        ["pp_system_default", ms(complete.system.mean, 1), ms(complete.system.p50, 1), ms(complete.system.p95, 1)],
        [
          "ratio bnpl/system",
          ratio(complete.bnpl.mean, complete.system.mean).toFixed(2),
          ratio(complete.bnpl.p50, complete.system.p50).toFixed(2),
          ratio(complete.bnpl.p95, complete.system.p95).toFixed(2),
        ],
      ],
    ),
  )
  const trips = roundTripFigures(complete, afterOrder)
  out.push(renderRoundTrips(trips))

  const slow = latency.complete
  // Judged on the median of the per-run differences, which drift on a busy machine disturbs
  // least (the two completions of a run are back to back), as section 1 judges its pairs.
  const addedMs = slow.pairedDifference.p50
  const addedTrips = addedMs / latency.latencyMs
  const slowTrips = tripFigure(slow.completeTrips, 1)
  out.push(
    "",
    `2b. POST /store/carts/:id/complete at realistic latency: the sandbox answers every API call ${latency.latencyMs} ms late (${slow.bnpl.n} runs each after warm-up; ms)`,
  )
  out.push(
    `   one round trip, measured (bare GET /ping through the delay, p50 of ${latency.roundTrip.n}): ${ms(latency.roundTrip.p50, 1)} ms`,
  )
  out.push(
    table(
      ["provider", "mean", "p50", "p95"],
      [
        ["pp_bnpl_bnpl", ms(slow.bnpl.mean, 1), ms(slow.bnpl.p50, 1), ms(slow.bnpl.p95, 1)],
        ["pp_system_default", ms(slow.system.mean, 1), ms(slow.system.p50, 1), ms(slow.system.p95, 1)],
        ["bnpl - system, same run", ms(slow.pairedDifference.mean, 1), ms(slow.pairedDifference.p50, 1), ms(slow.pairedDifference.p95, 1)],
      ],
    ),
  )
  out.push(
    `   added time (median of the runs' differences): ${ms(addedMs, 1)} ms = ${addedTrips.toFixed(2)} round trips of ${latency.latencyMs} ms` +
      ` (difference of the medians: ${ms(slow.bnpl.p50 - slow.system.p50, 1)} ms)`,
  )
  out.push(`   round trips per completion: ${slowTrips.text}`)

  out.push("", "3. Concurrent calls on a cold OAuth cache (Get Configuration, one client, counting proxy in front of the sandbox)")
  out.push(
    table(
      ["client", "concurrent", "ok", "token requests", "sockets opened", "peak open", "wall ms", "2nd burst: new sockets"],
      burst.map((row) => [
        row.variant,
        String(row.concurrency),
        String(row.ok),
        String(row.tokenRequests),
        String(row.socketsOpened),
        String(row.peakOpenSockets),
        ms(row.wallMs, 0),
        String(row.secondBurstSockets),
      ]),
    ),
  )

  out.push("", renderThroughput(throughput, figures.windowMs))

  out.push(
    "",
    "5. Quiet spells: a checkout's calls (Create Checkout, Auth, Capture) after an idle gap, through a proxy closing idle connections",
  )
  out.push(
    table(
      [
        "service",
        "client keepAliveTimeoutMs",
        "gap s",
        "calls",
        "shopper-visible errors",
        "new connections per call",
        "resent after a closed connection",
      ],
      quietSpells.map((row) => [
        row.service,
        String(row.clientKeepAliveMs),
        String(row.gapSeconds),
        String(row.calls),
        String(row.errors),
        (row.newConnections / Math.max(1, row.calls)).toFixed(2),
        String(row.resends),
      ]),
    ),
  )
  for (const row of quietSpells)
    if (row.firstError)
      out.push(`  error after ${row.gapSeconds} s (${row.service}, client ${row.clientKeepAliveMs} ms): ${row.firstError}`)

  const targets: string[][] = []
  for (const row of overhead) {
    const value = ratio(row.client.p50, row.bare.p50)
    targets.push([`client/bare ratio <= 1.10, ${row.endpoint}`, value.toFixed(3), verdict(value <= 1.1)])
  }
  const completeRatio = ratio(complete.bnpl.p50, complete.system.p50)
  targets.push(["cart complete ratio bnpl/system <= 1.5", completeRatio.toFixed(2), verdict(completeRatio <= 1.5)])
  for (const [name, target] of [
    ["initiate", 1],
    ["complete", 1],
    ["capture", AFTER_ORDER_TRIPS],
    ["refund", AFTER_ORDER_TRIPS],
    ["void", AFTER_ORDER_TRIPS],
    ["shipment", AFTER_ORDER_TRIPS],
  ] as const) {
    const runs = name === "initiate" ? complete.initiateTrips : name === "complete" ? complete.completeTrips : afterOrder[name]
    const totals = runs.map((run) => run.total)
    targets.push([`round trips, ${name} = ${target}`, totals.length ? [...new Set(totals)].join("/") : "n/a", verdict(trips[name].met)])
  }
  targets.push([
    `round trips per completion at ${latency.latencyMs} ms latency = 1`,
    slow.completeTrips.length ? [...new Set(slow.completeTrips.map((run) => run.total))].join("/") : "n/a",
    verdict(slowTrips.met),
  ])
  targets.push([
    `added time at ${latency.latencyMs} ms latency <= 1.2 round trips (${(1.2 * latency.latencyMs).toFixed(0)} ms)`,
    `${ms(addedMs, 1)} ms = ${addedTrips.toFixed(2)}`,
    verdict(addedTrips <= 1.2),
  ])
  for (const row of burst) {
    targets.push([
      `one token request, ${row.concurrency} concurrent (${row.variant})`,
      String(row.tokenRequests),
      verdict(row.tokenRequests === 1 && row.failed === 0),
    ])
    targets.push([
      `${row.concurrency}-call burst opens <= pool size ${DEFAULT_MAX_SOCKETS}, 2nd burst none (${row.variant})`,
      `${row.socketsOpened}, then ${row.secondBurstSockets}`,
      verdict(row.socketsOpened <= DEFAULT_MAX_SOCKETS && row.secondBurstSockets === 0),
    ])
  }
  const quietErrors = quietSpells.reduce((sum, row) => sum + row.errors, 0)
  targets.push(["shopper-visible errors after quiet spells = 0", String(quietErrors), verdict(quietSpells.length > 0 && quietErrors === 0)])
  out.push("", "Targets (ratios on p50)")
  out.push(table(["target", "figure", "result"], targets))
  return out.join("\n")
}

/**
 * Section 6 (bench/quiet-shop.ts) as a table and its targets (issue 33): after the first
 * shopper, no new connection per shopper and at most 1.1 round trips added with a service
 * keeping idle connections 60 s and shoppers 10 s apart; at most one round trip more than
 * that when the service closes them after 5 s.
 */
export function renderQuietShop(rows: QuietShopRow[], latencyMs: number, thinkMs: number): string {
  const out: string[] = []
  out.push(
    `6. A quiet shop: one shopper at a time, ${latencyMs} ms round trip to the service, eligibility then ${thinkMs / 1000} s to choose, then the payment session (bnpl vs system default; ms mean / p50 / p95)`,
  )
  out.push(
    table(
      [
        "service keeps idle",
        "shoppers apart",
        "handshake round trips",
        "shoppers",
        "new connections per shopper",
        "of them on the wait",
        "bnpl session",
        "system session",
        "round trips added (p50 of differences / of medians)",
      ],
      rows.map((row) => [
        `${row.serviceIdleSeconds} s`,
        `${row.gapSeconds} s`,
        String(row.handshakeRoundTrips),
        String(row.shoppers),
        row.newConnectionsPerShopper.toFixed(2),
        row.newConnectionsOnTheWait.toFixed(2),
        triple(row.bnpl, 0),
        triple(row.system, 0),
        `${row.addedRoundTrips.toFixed(2)} / ${row.addedRoundTripsOfMedians.toFixed(2)}`,
      ]),
    ),
  )
  const targets: string[][] = []
  for (const row of rows) {
    const name = `service keeps ${row.serviceIdleSeconds} s, shoppers ${row.gapSeconds} s apart, ${row.handshakeRoundTrips} handshake round trip(s)`
    if (row.serviceIdleSeconds === 60 && row.gapSeconds === 10) {
      targets.push([
        `${name}: new connections per shopper = 0`,
        row.newConnectionsPerShopper.toFixed(2),
        verdict(row.newConnectionsPerShopper === 0),
      ])
      targets.push([`${name}: round trips added <= 1.1`, row.addedRoundTrips.toFixed(2), verdict(row.addedRoundTrips <= 1.1)])
    }
    if (row.serviceIdleSeconds === 5) {
      targets.push([`${name}: round trips added <= 2.1 (one more)`, row.addedRoundTrips.toFixed(2), verdict(row.addedRoundTrips <= 2.1)])
    }
  }
  if (targets.length) out.push("", "Targets of section 6", table(["target", "figure", "result"], targets))
  return out.join("\n")
}

/** Pay later's row of `rows` at `shoppers` beside the system provider's, with their ratio. */
function pairs(rows: ThroughputResult[]): Array<{ shoppers: number; bnpl?: ThroughputResult; system?: ThroughputResult }> {
  const levels = [...new Set(rows.map((row) => row.shoppers))]
  return levels.map((shoppers) => ({
    shoppers,
    bnpl: rows.find((row) => row.shoppers === shoppers && row.provider === BNPL),
    system: rows.find((row) => row.shoppers === shoppers && row.provider === SYSTEM),
  }))
}

/** The bnpl/system ratio of the store's CPU per checkout, over all levels (target at most 1.25; issue 49). */
export function cpuRatio(rows: ThroughputResult[]): number {
  const total = (provider: string) => {
    const of = rows.filter((row) => row.provider === provider)
    const checkouts = of.reduce((sum, row) => sum + row.checkouts, 0)
    return of.reduce((sum, row) => sum + row.storeCpuSeconds, 0) / checkouts
  }
  return total(BNPL) / total(SYSTEM)
}

/** Section 4: whole checkouts, pay later beside Medusa's system provider, level by level. */
export function renderThroughput(rows: ThroughputResult[], windowMs: number): string {
  const out = [
    `4. Whole checkouts, pay later (cart -> shipping -> session -> consumer confirm -> return route) beside pp_system_default (cart -> shipping -> session -> complete), same store; new checkouts started for ${(windowMs / 1000).toFixed(0)} s per level; store CPU = the store process's user + system seconds`,
    table(
      [
        "shoppers",
        "provider",
        "checkouts",
        "failed",
        "wall s",
        "checkouts/s",
        "checkout ms mean / p50 / p95",
        "store CPU s",
        "store CPU ms per checkout",
      ],
      rows.map((row) => [
        String(row.shoppers),
        row.provider,
        String(row.checkouts),
        String(row.failed),
        (row.wallMs / 1000).toFixed(1),
        row.perSecond.toFixed(2),
        triple(row.latency, 0),
        row.storeCpuSeconds.toFixed(2),
        (row.cpuPerCheckout * 1000).toFixed(0),
      ]),
    ),
    "",
    table(
      [
        "shoppers",
        "checkouts/s bnpl / system",
        "p50 ms bnpl / system",
        "p95 ms bnpl / system",
        "store CPU ms per checkout bnpl / system",
        "CPU ratio bnpl/system",
      ],
      pairs(rows).map(({ shoppers, bnpl, system }) => [
        String(shoppers),
        `${bnpl?.perSecond.toFixed(2) ?? "-"} / ${system?.perSecond.toFixed(2) ?? "-"}`,
        `${bnpl?.latency.p50.toFixed(0) ?? "-"} / ${system?.latency.p50.toFixed(0) ?? "-"}`,
        `${bnpl?.latency.p95.toFixed(0) ?? "-"} / ${system?.latency.p95.toFixed(0) ?? "-"}`,
        `${bnpl ? (bnpl.cpuPerCheckout * 1000).toFixed(0) : "-"} / ${system ? (system.cpuPerCheckout * 1000).toFixed(0) : "-"}`,
        bnpl && system ? (bnpl.cpuPerCheckout / system.cpuPerCheckout).toFixed(2) : "-",
      ]),
    ),
  ]
  const ratio = cpuRatio(rows)
  out.push(`   store CPU per checkout, bnpl/system over all levels: ${ratio.toFixed(2)} (target <= 1.25: ${verdict(ratio <= 1.25)})`)
  for (const row of rows) if (row.firstError) out.push(`  first failure at ${row.shoppers} shoppers (${row.provider}): ${row.firstError}`)
  return out.join("\n")
}
