import { readFileSync } from "node:fs"
import path from "node:path"
import { execInStore, linkPlugin, migrateStore, seedDemoStore, type StoreSettings } from "../../harness/medusa-store"
import { freePort } from "../../harness/ports"
import { dropDatabase, recreateDatabase } from "../database"
import type { Measured } from "./run-size"

/**
 * `npm run bench -- --scale`: the plugin's jobs and admin routes on a store with a history.
 * The demo store is migrated and seeded on a database of its own, then, for each size (1,000,
 * 10,000 and 100,000 orders by default, `BENCH_SCALE_SIZES`), one `medusa exec` of
 * run-size.ts adds the orders up to that size with SQL (10,000 abandoned carts the first
 * time), and measures one run of each job and each admin route against the same new work.
 * Never run by `npm test` or CI; it asserts nothing and prints the figures.
 */
export interface SizeResult {
  orders: number
  seedMs: number
  /** 1-minute load average before and after the measured runs. */
  load: number
  loadAfter: number
  rows: Measured[]
}

const ROOT = path.resolve(__dirname, "../..")
export const SCALE_DATABASE_URL = process.env.BENCH_SCALE_DATABASE_URL ?? "postgres://postgres@localhost:5432/bnpl_scale_bench"
const SIZES = (process.env.BENCH_SCALE_SIZES ?? "1000,10000,100000").split(",").map(Number)
const ABANDONED_CARTS = Number(process.env.BENCH_SCALE_ABANDONED_CARTS ?? 10_000)

export async function measureScale(sandboxUrl: string, log: (line: string) => void): Promise<SizeResult[]> {
  linkPlugin()
  process.env.BNPL_AUTH_SCHEME = "basic"
  process.env.BNPL_CAPTURE = "manual"
  process.env.BNPL_REGION = "UK"
  process.env.LOG_LEVEL = process.env.LOG_LEVEL ?? "info"
  const port = await freePort()
  const settings: StoreSettings = {
    port,
    databaseUrl: SCALE_DATABASE_URL,
    bnplBaseUrl: sandboxUrl,
    storeUrl: `http://127.0.0.1:${port}`,
    storefrontUrl: "http://storefront.scale.test",
    logDir: path.join(ROOT, "test-output/bench-scale"),
  }
  log(`database ${new URL(SCALE_DATABASE_URL).pathname.slice(1)}: migrating and seeding the demo store…`)
  await recreateDatabase(SCALE_DATABASE_URL)
  try {
    await migrateStore(settings)
    await seedDemoStore(settings)
    const results: SizeResult[] = []
    let seeded = 0
    for (const [index, size] of SIZES.entries()) {
      log(
        `${size} orders: seeding ${size - seeded} more${index === 0 ? ` and ${ABANDONED_CARTS} abandoned carts` : ""}, then one run of each job and route…`,
      )
      const output = path.join(settings.logDir, `scale-${size}.json`)
      const args = [output, sandboxUrl, String(seeded + 1), String(size), String(index === 0 ? ABANDONED_CARTS : 0)]
      await execInStore(settings, path.join(__dirname, "run-size.ts"), args, `scale-${size}`)
      const result = JSON.parse(readFileSync(output, "utf8")) as SizeResult
      log(
        `${size} orders: seeded in ${(result.seedMs / 1000).toFixed(1)} s; jobs ${result.rows
          .filter((row) => row.kind === "job")
          .map((row) => `${row.name} ${row.ms.toFixed(0)} ms`)
          .join(", ")}`,
      )
      results.push(result)
      seeded = size
    }
    return results
  } finally {
    if (!process.env.BENCH_KEEP_DATABASE) await dropDatabase(SCALE_DATABASE_URL).catch(() => {})
  }
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

/** Below this many milliseconds at both ends, a ratio of times is noise. */
const NOISE_MS = 10

const ratio = (last: number, first: number) => (first > 0 ? (last / first).toFixed(2) : last > 0 ? "n/a" : "1.00")

/**
 * The table: per job and route, each size's ms / SQL statements / service calls, and the
 * largest size over the smallest. Target: time and calls within 2x (met / NOT MET).
 */
export function renderScale(results: SizeResult[]): string {
  const [first, last] = [results[0], results[results.length - 1]]
  const names = first.rows.map((row) => row.name)
  const header = [
    "job / route",
    ...results.map((result) => `${result.orders} orders: ms / queries / calls`),
    `${last.orders}/${first.orders}: time, queries, calls`,
    "within 2x",
  ]
  const rows = names.map((name) => {
    const cells = results.map((result) => result.rows.find((row) => row.name === name)!)
    const [a, b] = [cells[0], cells[cells.length - 1]]
    const callsMet = b.calls <= 2 * Math.max(a.calls, 1)
    // Under NOISE_MS a route's time is the machine's noise (a 2 ms route read as 5 ms): judged by its statements.
    const quick = a.ms < NOISE_MS && b.ms < NOISE_MS
    const verdict = !callsMet
      ? "NOT MET"
      : b.ms <= 2 * a.ms
        ? "met"
        : quick && b.queries <= a.queries
          ? `met (under ${NOISE_MS} ms, same queries)`
          : "NOT MET"
    return [
      name,
      ...cells.map((cell) => `${cell.ms.toFixed(0)} / ${cell.queries} / ${cell.calls}${cell.error ? " (failed)" : ""}`),
      `${ratio(b.ms, a.ms)}, ${ratio(b.queries, a.queries)}, ${ratio(b.calls, a.calls)}`,
      verdict,
    ]
  })
  const errors = results.flatMap((result) =>
    result.rows.filter((row) => row.error).map((row) => `  ${result.orders} orders, ${row.name}: ${row.error}`),
  )
  const calls = names.map((name) => `  ${name}: ${JSON.stringify(last.rows.find((row) => row.name === name)!.byEndpoint)}`)
  const slow = last.rows.flatMap((row) => row.slow.map((statement) => `  ${row.name}: ${statement.ms.toFixed(0)} ms  ${statement.sql}`))
  return [
    `Scale: one run per job (admin routes: median of 5) after a warm-up, at ${results.map((result) => result.orders).join(", ")} pay-later orders (plus abandoned carts), the same new work at each size`,
    table(header, rows),
    `  load average (1 min) before / after the measured runs: ${results.map((result) => `${result.orders}: ${result.load.toFixed(2)} / ${result.loadAfter.toFixed(2)}`).join(", ")}`,
    "",
    `  service calls by endpoint at ${last.orders} orders:`,
    ...calls,
    ...(slow.length ? ["", `  statements of 10 ms or more at ${last.orders} orders:`, ...slow] : []),
    ...(errors.length ? ["", "  failures:", ...errors] : []),
  ].join("\n")
}
