import { readFileSync } from "node:fs"
import { flushRedisDatabase, redisKeys } from "../../harness/redis"
import { consumerChooses } from "../../harness/shopper"
import { ClusterStore, orderIdIn, SCHEDULE, sleep, TICK_MS } from "./cluster-store"

/**
 * Two `medusa start` servers and one worker on one database and one Redis (cluster-store.ts).
 * Proves:
 * - purchases alternating between the servers give one order and one Auth per cart;
 * - after a cold restart (every process stopped, Redis emptied), a burst on both servers
 *   gives one Get Configuration and one token request for the whole cluster; this restart
 *   runs on Medusa's older Cache Module (cache-redis), which the plugin still shares through;
 * - with every job's schedule shortened to 5 s, each job runs once per tick.
 * Servers killed mid-Auth are crash.test.ts's, on a cluster of its own.
 *
 * Needs PostgreSQL on localhost:5432 (user postgres, trust) and Redis; the Redis database is
 * BNPL_MULTI_INSTANCE_REDIS_URL (default redis://127.0.0.1:6379/13), flushed at start.
 */

// A copy of the template ~2 s (migrations ~15 s and the seed ~5 s when it is built), three
// processes ~10 s (twice), purchases ~10 s, jobs ~25 s.
jest.setTimeout(300_000)

/** How long before a tick the readings are taken: room for the ledger read, and no more. */
const READ_BEFORE_TICK_MS = 400
const JOBS = [
  "medusa-payment-bnpl-refresh-configuration",
  "medusa-payment-bnpl-authorization-expiry",
  "medusa-payment-bnpl-reconcile-payments",
  "medusa-payment-bnpl-complete-pending-carts",
  "medusa-payment-bnpl-repair-orders",
]

const cluster = new ClusterStore("multi-instance", process.env.BNPL_MULTI_INSTANCE_REDIS_URL || "redis://127.0.0.1:6379/13")
const REDIS_URL = cluster.redisUrl
const DEPLOYMENT = [
  { name: "server-a", role: "server" as const },
  { name: "server-b", role: "server" as const },
  { name: "worker", role: "worker" as const },
]

beforeAll(async () => {
  await cluster.prepare()
  await cluster.startAll(DEPLOYMENT)
})

afterAll(() => cluster.close())

const servers = () => cluster.servers()
const readyCart = (baseUrl: string, email: string) => cluster.readyCart(baseUrl, email)
const payLaterSession = (baseUrl: string, cartId: string) => cluster.payLaterSession(baseUrl, cartId)
const storeCall = (baseUrl: string, method: string, route: string, body?: unknown) => cluster.storeCall(baseUrl, method, route, body)
const sql = <T extends Record<string, any>>(text: string, values: unknown[] = []) => cluster.sql<T>(text, values)
async function hitReturn(baseUrl: string, returnPath: string): Promise<string> {
  return cluster.hitReturn(baseUrl, returnPath)
}

it("purchases alternating between the servers give one order and one Auth per cart", async () => {
  const [a, b] = servers()
  // Eight shoppers at once. Shopper i builds the cart on one server and the payment session
  // on the other; the consumer comes back to the return route of both servers at once.
  const purchases = Array.from({ length: 8 }, async (_, i) => {
    const [first, second] = i % 2 ? [a, b] : [b, a]
    const cartId = await readyCart(first.url, `alternating-${i}@example.com`)
    const { token, redirectCheckoutUrl } = await payLaterSession(second.url, cartId)
    const back = await consumerChooses(redirectCheckoutUrl, "confirm")
    const returnPath = `${back.pathname}${back.search}`
    const locations = await Promise.all([first, second, first, second].map((server) => hitReturn(server.url, returnPath)))
    return { cartId, token, locations }
  })
  const placed = await Promise.all(purchases)

  const ledger = await cluster.control.ledger()
  for (const { cartId, token, locations } of placed) {
    // A return that outlasts the route's deadline on a loaded machine is sent to the processing
    // state (docs/flow.md), not to a page of its own: every other answer is the one order's page.
    expect({
      cartId,
      unexpected: locations.filter((location) => !orderIdIn(location) && !location.includes("bnpl_status=processing")),
    }).toEqual({ cartId, unexpected: [] })
    const orderIds = new Set(locations.map(orderIdIn).filter(Boolean))
    expect({ cartId, orderIds: [...orderIds].length, locations }).toEqual({ cartId, orderIds: 1, locations })
    const [orderId] = orderIds
    expect(orderId).toMatch(/^order_/)
    const links = await sql<{ order_id: string }>(`SELECT order_id FROM order_cart WHERE cart_id = $1 AND deleted_at IS NULL`, [cartId])
    expect(links.map((link) => link.order_id)).toEqual([orderId])
    expect(ledger.auths.filter((auth) => auth.token === token).map((auth) => auth.status)).toEqual(["APPROVED"])
  }
  const [{ count: orders }] = await sql<{ count: string }>(`SELECT count(*) FROM "order"`)
  expect(Number(orders)).toBe(8)
  expect(ledger.auths).toHaveLength(8)
  // From a cold start, both servers at once: one token and one Get Configuration between them.
  expect(ledger.tokenRequests).toBe(1)
  expect(ledger.requests.configuration).toBe(1)
  // The token lives in the Caching Module (caching-redis), not in each process.
  expect(await redisKeys(REDIS_URL, "*")).not.toHaveLength(0)
})

it("after a cold restart (on the older Cache Module), a burst on both servers gives one Get Configuration and one token request", async () => {
  // Carts made before the restart, so the burst is all calls that reach the service.
  const [a] = servers()
  const cartIds = await Promise.all(Array.from({ length: 10 }, (_, i) => readyCart(a.url, `burst-${i}@example.com`)))

  await cluster.stopAll()
  await flushRedisDatabase(REDIS_URL)
  await cluster.control.reset()
  await cluster.startAll(DEPLOYMENT.map((process) => ({ ...process, env: { BNPL_TEST_CACHE_MODULE: "cache-redis" } })))

  // A slow service (1.5 s per Get Configuration and token request): both servers are sure to
  // be waiting for an answer at the same time, so only the lock keeps the second one from calling.
  for (const endpoint of ["configuration", "token"]) await cluster.control.fault({ endpoint, kind: "latency", delayMs: 1_500, times: 10 })

  // Each cart: eligibility on both servers and a Pay later session on one, all at once.
  const [first, second] = servers()
  const burst = cartIds.flatMap((cartId, i) => [
    storeCall(first.url, "GET", `/store/bnpl/eligibility?cart_id=${cartId}`),
    storeCall(second.url, "GET", `/store/bnpl/eligibility?cart_id=${cartId}`),
    payLaterSession(i % 2 ? first.url : second.url, cartId),
  ])
  const answers = await Promise.all(burst)
  expect(answers.filter((answer: any) => answer.eligible === true)).toHaveLength(20)
  expect(answers.filter((answer: any) => typeof answer.token === "string")).toHaveLength(10)

  const ledger = await cluster.control.ledger()
  expect(ledger.requests.createCheckout).toBe(10)
  expect(ledger.requests.configuration).toBe(1)
  expect(ledger.tokenRequests).toBe(1)
  expect(await redisKeys(REDIS_URL, "*medusa-payment-bnpl:oauth-token:*")).toHaveLength(1)
  await cluster.control.clearFaults()
})

it("with every job's schedule shortened, each job runs once per tick across the cluster", async () => {
  // The worker runs the jobs (servers in workerMode "server" do not); restart it alone with a
  // 5 s schedule, as a deployment of the worker would, on the same modules as the servers.
  await cluster.stop(cluster.instances.find((instance) => instance.role === "worker")!)
  // At debug, because a run that did nothing logs its line there (runtime/infrastructure/job-run.ts).
  await cluster.start("worker", "worker", { BNPL_TEST_CACHE_MODULE: "cache-redis", BNPL_TEST_SCHEDULE: SCHEDULE, LOG_LEVEL: "debug" })

  // Read just before each tick (the cron fires on multiples of 5 s of the clock, never early), so
  // each reading falls between two runs and a tick's five jobs have most of 5 s to finish even
  // on a busy machine (read halfway, a run that took 1.8 s on a loaded machine landed in the
  // next reading): consecutive readings must differ by one run of each job.
  const untilJustBeforeTick = () => TICK_MS - ((Date.now() + READ_BEFORE_TICK_MS) % TICK_MS)
  const runsSoFar = () => {
    const logs = cluster.instances.map((instance) => readFileSync(instance.logFile, "utf8")).join("\n")
    return JOBS.map((job) => logs.split(`medusa-payment-bnpl: job ${job} ran in`).length - 1)
  }
  const readings: Array<{ runs: number[]; configuration: number; listPayments: number }> = []
  for (let i = 0; i < 5; i++) {
    await sleep(untilJustBeforeTick())
    const { requests } = await cluster.control.ledger()
    readings.push({ runs: runsSoFar(), configuration: requests.configuration, listPayments: requests.listPayments })
    await sleep(100)
  }
  const increments = readings.slice(1).map((reading, i) => ({
    runs: reading.runs.map((count, job) => count - readings[i].runs[job]),
    configuration: reading.configuration - readings[i].configuration,
    listPayments: reading.listPayments - readings[i].listPayments,
  }))
  // List Payments twice a tick: reconciliation's one, and the completion job's one for the
  // checkouts still waiting (the burst's above), which it asks about before any Auth.
  const once = { runs: JOBS.map(() => 1), configuration: 1, listPayments: 2 }
  expect({ readings, increments }).toEqual({ readings, increments: [once, once, once, once] })
  // Only the worker ran them.
  for (const server of servers()) expect(readFileSync(server.logFile, "utf8")).not.toContain("medusa-payment-bnpl: job ")
})
