import { writeFileSync } from "node:fs"
import os from "node:os"
import path from "node:path"
import { Client } from "pg"
import { installQueryCounter } from "./query-counter"
import { abandonedCartsSql, historySql, SEEDED_TABLES } from "./seed-sql"
import { clearSlicesSql, sliceSql } from "./slice"

/**
 * `medusa exec bench/scale/run-size.ts <out.json> <sandboxUrl> <fromOrder> <toOrder> <abandonedCarts>`,
 * run by bench/scale/scale.ts once per size in the demo store's directory: brings the history up
 * to `toOrder` orders (SQL), runs every job and admin route once to warm the process (Medusa
 * compiles its queries on first use), makes the period's new work (slice.ts), then runs each
 * job once and each admin route 5 times (the median), measuring wall time, SQL statements (query-counter.ts)
 * and the calls the sandbox's ledger counted. Jobs and routes are the plugin's build, called
 * in this process as Medusa's scheduler and router call them: a route's handler gets the
 * application container as `req.scope` (Medusa's HTTP layer, its authentication and body
 * parsing are outside the figure; they do not read history).
 */

const ROOT = path.resolve(__dirname, "../..")
const built = (file: string) => require(path.join(ROOT, ".medusa/server/src", file))

/** Runs of each admin route; the median time is reported. */
const ROUTE_RUNS = 5

/** The plugin's scheduled jobs, in the order they are measured. */
const JOBS = [
  "complete-pending-carts",
  "repair-orders",
  "reconcile-payments",
  "authorization-expiry",
  "prune-service-calls",
  "refresh-configuration",
]

export interface Measured {
  kind: "job" | "route"
  name: string
  ms: number
  queries: number
  calls: number
  byEndpoint: Record<string, number>
  /** Statements of the run that took at least 10 ms (query-counter.ts). */
  slow: Array<{ ms: number; sql: string }>
  error?: string
}

type Ledger = { requests: Record<string, number> }

async function ledger(sandboxUrl: string): Promise<Record<string, number>> {
  const response = await fetch(`${sandboxUrl}/__control/ledger`)
  return ((await response.json()) as Ledger).requests
}

function routes(size: number): Array<{ name: string; file: string; params?: Record<string, string>; warmParams?: Record<string, string> }> {
  return [
    // The order page's Pay later box: an old captured order (40 days old, with its timeline) and one of today.
    {
      name: "GET /admin/bnpl/orders/:id/payments (old order)",
      file: "api/admin/bnpl/orders/[order_id]/payments/route.js",
      params: { order_id: "order_scalehx3" },
      warmParams: { order_id: "order_scalehx2" },
    },
    {
      name: "GET /admin/bnpl/orders/:id/payments (today's order)",
      file: "api/admin/bnpl/orders/[order_id]/payments/route.js",
      params: { order_id: `order_scaler${size}tx2` },
      warmParams: { order_id: "order_scalehx4" },
    },
    // Settings -> Pay later.
    { name: "GET /admin/bnpl/accounts", file: "api/admin/bnpl/accounts/route.js" },
    {
      name: "GET /admin/bnpl/accounts/:id/settings",
      file: "api/admin/bnpl/accounts/[account_id]/settings/route.js",
      params: { account_id: "pp_bnpl_bnpl" },
    },
    { name: "GET /admin/bnpl/jobs", file: "api/admin/bnpl/jobs/route.js" },
    { name: "GET /admin/bnpl/reconciliation", file: "api/admin/bnpl/reconciliation/route.js" },
  ]
}

function callRoute(container: unknown, file: string, params: Record<string, string> = {}): Promise<void> {
  const req = { scope: container, params, query: {}, body: {}, validatedQuery: {}, auth_context: { actor_id: "scale-bench" } }
  const res = {
    statusCode: 200,
    body: undefined as unknown,
    status(code: number) {
      this.statusCode = code
      return this
    },
    json(body: unknown) {
      this.body = body
      return this
    },
    setHeader() {},
  }
  return built(file).GET(req, res)
}

export default async function runSize({ container, args }: { container: any; args: string[] }): Promise<void> {
  const [output, sandboxUrl, from, to, abandoned] = args
  const counter = installQueryCounter(process.cwd())
  counter.paused = true
  const { getPluginRuntime } = built("runtime/plugin-runtime.js")
  const { accountHash } = built("runtime/client-factory.js")
  const { serviceCallsWritten } = built("runtime/call-timeline.js")
  const account = accountHash(getPluginRuntime(container).accounts[0].options)
  const db = new Client({ connectionString: process.env.DATABASE_URL })
  await db.connect()
  const run = async (statements: string[]) => {
    for (const statement of statements) await db.query(statement)
  }
  const seedStarted = performance.now()
  await run(clearSlicesSql())
  if (Number(abandoned) > 0) await run(abandonedCartsSql(Number(abandoned)))
  // Batches of 20,000 orders keep each statement's memory small.
  for (let start = Number(from); start <= Number(to); start += 20_000)
    await run(historySql(start, Math.min(start + 19_999, Number(to)), account))
  await run(SEEDED_TABLES.map((table) => `analyze ${table}`))
  const seedMs = performance.now() - seedStarted

  const measure = async (kind: Measured["kind"], name: string, work: () => Promise<unknown>): Promise<Measured> => {
    const before = await ledger(sandboxUrl)
    const queriesBefore = counter.count
    counter.slow = []
    counter.paused = false
    const started = performance.now()
    let error: string | undefined
    try {
      await work()
      // The timeline's rows are written after the calls; they are part of the run's work.
      await serviceCallsWritten()
    } catch (caught) {
      error = (caught as Error)?.message ?? String(caught)
    }
    const ms = performance.now() - started
    counter.paused = true
    const after = await ledger(sandboxUrl)
    const byEndpoint: Record<string, number> = {}
    for (const [endpoint, value] of Object.entries(after))
      if (value - (before[endpoint] ?? 0)) byEndpoint[endpoint] = value - (before[endpoint] ?? 0)
    const calls = Object.values(byEndpoint).reduce((sum, value) => sum + value, 0)
    return { kind, name, ms, queries: counter.count - queriesBefore, calls, byEndpoint, slow: counter.slow, ...(error ? { error } : {}) }
  }
  const jobs = JOBS.map((name) => ({ name, job: built(`jobs/${name}.js`).default as (container: unknown) => Promise<void> }))

  // Warm-up: every job and route once, with no new work in the store.
  for (const { job } of jobs) await job(container).catch(() => undefined)
  for (const route of routes(Number(to))) await callRoute(container, route.file, route.warmParams ?? route.params).catch(() => undefined)

  await run(sliceSql(Number(to), account))
  const load = os.loadavg()[0]
  const rows: Measured[] = []
  for (const { name, job } of jobs) rows.push(await measure("job", name, () => job(container)))
  // A route takes a few milliseconds, as much as the machine's noise: its time is the median of
  // ROUTE_RUNS runs; its queries and calls are the first run's (a later one reads the cache).
  for (const route of routes(Number(to))) {
    const runs: Measured[] = []
    for (let run = 0; run < ROUTE_RUNS; run++)
      runs.push(await measure("route", route.name, () => callRoute(container, route.file, route.params)))
    const times = runs.map((measured) => measured.ms).sort((a, b) => a - b)
    rows.push({ ...runs[0], ms: times[Math.floor(times.length / 2)] })
  }
  await db.end()
  writeFileSync(output, JSON.stringify({ orders: Number(to), seedMs, load, loadAfter: os.loadavg()[0], rows }, null, 2))
}
