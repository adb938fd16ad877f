import { readFileSync } from "node:fs"
import path from "node:path"
import { prepareDatabase, queryDatabase, type DemoDatabase } from "../../harness/database"
import {
  linkPlugin,
  migrateStore,
  newStoreSecrets,
  seedDemoStore,
  startMedusa,
  type DemoSeed,
  type RunningStore,
  type StoreSettings,
} from "../../harness/medusa-store"
import { freePort } from "../../harness/ports"
import { startSandbox, type Sandbox } from "../../src/sandbox"
import { SandboxControl } from "../support/sandbox-control"
import { consumerChooses, ukAddress } from "../../harness/shopper"
import { flushRedisDatabase, redisKeys } from "../../harness/redis"

/**
 * A store run as real stores run (docs/operations.md, "Running several instances"): two
 * `medusa start` servers and one worker on one PostgreSQL database and one Redis database,
 * with Medusa's Caching Module (caching-redis), Redis event bus, workflow engine and locking,
 * and the plugin on OAuth. Proves:
 * - purchases alternating between the servers give one order and one Auth per cart;
 * - after a cold restart (every process stopped, Redis emptied), a burst on both servers
 *   gives one Get Configuration and one token request for the whole cluster; this restart
 *   runs on Medusa's older Cache Module (cache-redis), which the plugin still shares through;
 * - with every job's schedule shortened to 5 s, each job runs once per tick.
 *
 * Needs PostgreSQL on localhost:5432 (user postgres, trust) and Redis; the Redis database is
 * BNPL_MULTI_INSTANCE_REDIS_URL (default redis://127.0.0.1:6379/13), flushed at start.
 */

// Migrations ~15 s, seed ~5 s, three processes ~10 s (twice), purchases ~10 s, jobs ~25 s.
jest.setTimeout(300_000)

const STORE_DIR = path.join(__dirname, "store")
const LOG_DIR = path.resolve(__dirname, "../../test-output/multi-instance")
const REDIS_URL = process.env.BNPL_MULTI_INSTANCE_REDIS_URL || "redis://127.0.0.1:6379/13"
const DATABASE_URL = process.env.BNPL_MULTI_INSTANCE_DATABASE_URL || "postgres://postgres@localhost:5432/medusa_bnpl_multi_instance"
// Every job every 5 s in the last test (BullMQ, behind workflow-engine-redis, takes cron with seconds).
const TICK_MS = 5_000
const SCHEDULE = "*/5 * * * * *"
const JOBS = [
  "medusa-payment-bnpl-refresh-configuration",
  "medusa-payment-bnpl-authorization-expiry",
  "medusa-payment-bnpl-reconcile-payments",
  "medusa-payment-bnpl-complete-pending-carts",
  "medusa-payment-bnpl-repair-orders",
]

type Role = "server" | "worker"
interface Instance {
  name: string
  role: Role
  url: string
  logFile: string
  store: RunningStore
}

let sandbox: Sandbox | undefined
let database: DemoDatabase | undefined
let control: SandboxControl
let seed: DemoSeed
const secrets = newStoreSecrets()
let instances: Instance[] = []
// Each start of a process gets its own log directory, so counting lines never sees an earlier run.
let generation = 0

function storeSettings(name: string, port: number, env: NodeJS.ProcessEnv = {}): StoreSettings {
  return {
    port,
    databaseUrl: database!.url,
    bnplBaseUrl: sandbox!.url,
    storeUrl: `http://127.0.0.1:${port}`,
    storefrontUrl: "http://storefront.test",
    logDir: path.join(LOG_DIR, `${generation}-${name}`),
    storeDir: STORE_DIR,
    secrets,
    env: { REDIS_URL, ...env },
  }
}

async function startInstance(name: string, role: Role, env: NodeJS.ProcessEnv = {}): Promise<Instance> {
  const settings = storeSettings(name, await freePort(), { MEDUSA_WORKER_MODE: role, ...env })
  const store = await startMedusa(settings)
  return { name, role, url: settings.storeUrl, logFile: path.join(settings.logDir, "medusa.log"), store }
}

/** Two servers and a worker, started at once as a deployment starts them. */
async function startCluster(env: { all?: NodeJS.ProcessEnv; worker?: NodeJS.ProcessEnv } = {}): Promise<void> {
  generation += 1
  const started = await Promise.allSettled([
    startInstance("server-a", "server", env.all),
    startInstance("server-b", "server", env.all),
    startInstance("worker", "worker", { ...env.all, ...env.worker }),
  ])
  // Whatever started is kept, so afterAll stops it even when another process failed.
  instances = started.flatMap((outcome) => (outcome.status === "fulfilled" ? [outcome.value] : []))
  const failed = started.find((outcome) => outcome.status === "rejected")
  if (failed) throw (failed as PromiseRejectedResult).reason
}

async function stopCluster(): Promise<void> {
  await Promise.all(instances.map((instance) => instance.store.stop()))
  instances = []
}

const servers = () => instances.filter((instance) => instance.role === "server")

beforeAll(async () => {
  linkPlugin(STORE_DIR)
  await flushRedisDatabase(REDIS_URL)
  sandbox = await startSandbox({ port: 0, strictRequests: true })
  control = new SandboxControl(sandbox.url)
  database = await prepareDatabase({ url: DATABASE_URL, fresh: true })
  const setup = storeSettings("setup", 0)
  await migrateStore(setup)
  seed = await seedDemoStore(setup)

  // A cold start: nothing the migration or the seed left in Redis, nothing in the ledger.
  await flushRedisDatabase(REDIS_URL)
  await control.reset()
  await startCluster()
})

afterAll(async () => {
  await stopCluster()
  await database?.close()
  await sandbox?.close()
  await flushRedisDatabase(REDIS_URL).catch(() => {})
})

const storeHeaders = () => ({ "content-type": "application/json", "x-publishable-api-key": seed.publishableKey })

async function storeCall(baseUrl: string, method: string, route: string, body?: unknown): Promise<any> {
  const response = await fetch(`${baseUrl}${route}`, {
    method,
    headers: storeHeaders(),
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const json = await response.json()
  if (!response.ok) throw new Error(`${method} ${route} on ${baseUrl} answered ${response.status}: ${JSON.stringify(json)}`)
  return json
}

/** A cart with an item, addresses and delivery, ready for payment. */
async function readyCart(baseUrl: string, email: string): Promise<string> {
  const { cart } = await storeCall(baseUrl, "POST", "/store/carts", {
    region_id: seed.regions.uk,
    email,
    items: [{ variant_id: seed.variants.tote, quantity: 1 }],
    shipping_address: ukAddress,
    billing_address: ukAddress,
  })
  await storeCall(baseUrl, "POST", `/store/carts/${cart.id}/shipping-methods`, { option_id: seed.shippingOptions.standard })
  return cart.id
}

/** A Pay later session for the cart on one server: the service's checkout token and where to send the consumer. */
async function payLaterSession(baseUrl: string, cartId: string): Promise<{ token: string; redirectCheckoutUrl: string }> {
  const { payment_collection: collection } = await storeCall(baseUrl, "POST", "/store/payment-collections", { cart_id: cartId })
  const { payment_collection: withSession } = await storeCall(
    baseUrl,
    "POST",
    `/store/payment-collections/${collection.id}/payment-sessions`,
    { provider_id: "pp_bnpl_bnpl" }
  )
  const session = withSession.payment_sessions.find((candidate: any) => candidate.provider_id === "pp_bnpl_bnpl")
  return session.data
}

/** GET /bnpl/return on a server, as the consumer's browser would: the redirect's target. */
async function hitReturn(baseUrl: string, returnPath: string): Promise<string> {
  const response = await fetch(`${baseUrl}${returnPath}`, { redirect: "manual" })
  expect(response.status).toBe(303)
  return response.headers.get("location") ?? ""
}

const sql = <T extends Record<string, any>>(text: string, values: unknown[] = []): Promise<T[]> => queryDatabase<T>(database!.url, text, values)

const orderIdIn = (location: string) => /\/order\/([^/?#]+)/.exec(location)?.[1]

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
    return { cartId, token, orderIds: new Set(locations.map(orderIdIn)) }
  })
  const placed = await Promise.all(purchases)

  const ledger = await control.ledger()
  for (const { cartId, token, orderIds } of placed) {
    expect(orderIds.size).toBe(1)
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

  await stopCluster()
  await flushRedisDatabase(REDIS_URL)
  await control.reset()
  await startCluster({ all: { BNPL_TEST_CACHE_MODULE: "cache-redis" } })

  // A slow service (1.5 s per Get Configuration and token request): both servers are sure to
  // be waiting for an answer at the same time, so only the lock keeps the second one from calling.
  for (const endpoint of ["configuration", "token"]) await control.fault({ endpoint, kind: "latency", delayMs: 1_500, times: 10 })

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

  const ledger = await control.ledger()
  expect(ledger.requests.createCheckout).toBe(10)
  expect(ledger.requests.configuration).toBe(1)
  expect(ledger.tokenRequests).toBe(1)
  expect(await redisKeys(REDIS_URL, "*medusa-payment-bnpl:oauth-token:*")).toHaveLength(1)
  await control.clearFaults()
})

it("with every job's schedule shortened, each job runs once per tick across the cluster", async () => {
  // The worker runs the jobs (servers in workerMode "server" do not); restart it alone with a
  // 5 s schedule, as a deployment of the worker would, on the same modules as the servers.
  const worker = instances.find((instance) => instance.role === "worker")!
  await worker.store.stop()
  instances = instances.filter((instance) => instance !== worker)
  generation += 1
  instances.push(await startInstance("worker", "worker", { BNPL_TEST_CACHE_MODULE: "cache-redis", BNPL_TEST_SCHEDULE: SCHEDULE }))

  // Read halfway between ticks (the cron fires on multiples of 5 s of the clock), so each
  // reading falls between two runs: consecutive readings must differ by one run of each job.
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
  const untilMidTick = () => TICK_MS - ((Date.now() + TICK_MS / 2) % TICK_MS)
  const runsSoFar = () => {
    const logs = instances.map((instance) => readFileSync(instance.logFile, "utf8")).join("\n")
    return JOBS.map((job) => logs.split(`medusa-payment-bnpl: job ${job} ran in`).length - 1)
  }
  const readings: Array<{ runs: number[]; configuration: number; listPayments: number }> = []
  for (let i = 0; i < 5; i++) {
    await sleep(untilMidTick())
    const { requests } = await control.ledger()
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

it("a server killed while Auth is in flight leaves no order unpaid: the order gets its payment, one approval, nothing voided", async () => {
  // Runs after the schedule test: the worker runs every job every 5 s, the background
  // completion (and its repair of unpaid orders) among them.
  const [a, b] = servers()
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
  const cartId = await readyCart(a.url, "crash@example.com")
  const { token, redirectCheckoutUrl } = await payLaterSession(a.url, cartId)
  // Confirmed and completed just after a tick, so the background completion (every 5 s) does not
  // take the confirmed cart before the store's cart complete does.
  await sleep(TICK_MS - (Date.now() % TICK_MS) + 500)
  const back = await consumerChooses(redirectCheckoutUrl, "confirm")
  const returnPath = `${back.pathname}${back.search}`

  // A slow service: the store's cart complete on server A (Medusa's complete-cart: the order
  // first, Auth last) is still waiting for Auth's answer when the server is killed.
  await control.fault({ endpoint: "auth", kind: "latency", delayMs: 15_000, times: 1 })
  const completing = fetch(`${a.url}/store/carts/${cartId}/complete`, { method: "POST", headers: storeHeaders() }).catch(() => undefined)
  const orderOfCart = async () =>
    (await sql<{ order_id: string }>(`SELECT order_id FROM order_cart WHERE cart_id = $1 AND deleted_at IS NULL`, [cartId]))[0]?.order_id
  let orderId: string | undefined
  for (let i = 0; i < 100 && !(orderId && (await control.ledger()).requests.auth > 0); i++) {
    await sleep(100)
    orderId = await orderOfCart()
  }
  expect(orderId).toMatch(/^order_/)
  await a.store.kill()
  await completing
  instances = instances.filter((instance) => instance !== a)

  const collectionOf = async () =>
    (
      await sql<{ id: string; status: string }>(
        `SELECT pc.id, pc.status FROM order_payment_collection opc JOIN payment_collection pc ON pc.id = opc.payment_collection_id
         WHERE opc.order_id = $1 AND opc.deleted_at IS NULL`,
        [orderId]
      )
    )[0]
  const paymentsOf = async (collectionId: string) =>
    sql<{ id: string; provider_id: string; data: any }>(
      `SELECT id, provider_id, data FROM payment WHERE payment_collection_id = $1 AND deleted_at IS NULL`,
      [collectionId]
    )
  // The crash left the order with no payment.
  const crashed = await collectionOf()
  expect(crashed.status).not.toBe("authorized")
  expect(await paymentsOf(crashed.id)).toEqual([])

  // The shopper comes back on the other server: not the order page while the order is unpaid.
  const status = async () => (await storeCall(b.url, "GET", `/store/bnpl/carts/${cartId}/status`)) as { status: string; order_id?: string }
  // (The dead server's lock on the cart lasts 2 minutes: no repair can happen meanwhile.)
  const early = await hitReturn(b.url, returnPath)
  expect(early).toContain("bnpl_status=processing")
  expect(orderIdIn(early)).toBeUndefined()
  expect(await status()).toEqual({ status: "processing" })

  // Within the background completion's period once the dead server's lock on the cart expires
  // (complete-cart takes it for 2 minutes), the order has its payment.
  let last = await status()
  for (let i = 0; i < 120 && last.status !== "completed"; i++) {
    await sleep(2_000)
    last = await status()
  }
  expect(last).toEqual({ status: "completed", order_id: orderId })

  const repaired = await collectionOf()
  expect(repaired.status).toBe("authorized")
  const payments = await paymentsOf(repaired.id)
  expect(payments).toHaveLength(1)
  expect(payments[0].provider_id).toBe("pp_bnpl_bnpl")

  // One approval at the service: the repair's Auth was a replay of the interrupted one's requestId.
  const ledger = await control.ledger()
  const auths = ledger.auths.filter((auth) => auth.token === token)
  expect(auths.map((auth) => auth.status)).toEqual(["APPROVED"])
  expect(payments[0].data.orderId).toBe(auths[0].paymentId)
  expect(ledger.requests.auth).toBeGreaterThan(ledger.auths.length)
  expect(ledger.voids.filter((entry) => entry.orderId === auths[0].paymentId)).toEqual([])

  // The shopper's return on the other server now reaches the order page.
  expect(orderIdIn(await hitReturn(b.url, returnPath))).toBe(orderId)
})

it("a server killed while Auth is in flight on the shopper's return: the background completion places the order with its payment, one approval", async () => {
  // The plugin's own completion (the return route) authorises before it places the order: a
  // crash there leaves an open cart and an approval at the service, which the job completes.
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
  generation += 1
  const c = await startInstance("server-c", "server", { BNPL_TEST_CACHE_MODULE: "cache-redis" })
  instances.push(c)
  const [b] = servers().filter((server) => server !== c)
  const cartId = await readyCart(c.url, "crash-return@example.com")
  const { token, redirectCheckoutUrl } = await payLaterSession(c.url, cartId)
  await sleep(TICK_MS - (Date.now() % TICK_MS) + 500)
  const back = await consumerChooses(redirectCheckoutUrl, "confirm")
  const returnPath = `${back.pathname}${back.search}`

  const authsBefore = (await control.ledger()).requests.auth
  await control.fault({ endpoint: "auth", kind: "latency", delayMs: 15_000, times: 1 })
  const returning = fetch(`${c.url}${returnPath}`, { redirect: "manual" }).catch(() => undefined)
  for (let i = 0; i < 100 && (await control.ledger()).requests.auth === authsBefore; i++) await sleep(100)
  expect((await control.ledger()).requests.auth).toBeGreaterThan(authsBefore)
  await c.store.kill()
  await returning
  instances = instances.filter((instance) => instance !== c)

  // No order yet, the cart's lock held by the dead server: the shopper's return on the other
  // server answers processing, as does the status route.
  const status = async () => (await storeCall(b.url, "GET", `/store/bnpl/carts/${cartId}/status`)) as { status: string; order_id?: string }
  const early = await hitReturn(b.url, returnPath)
  expect(early).toContain("bnpl_status=processing")

  let last = await status()
  for (let i = 0; i < 120 && last.status !== "completed"; i++) {
    await sleep(2_000)
    last = await status()
  }
  expect(last).toEqual({ status: "completed", order_id: expect.stringMatching(/^order_/) })
  const orderId = last.order_id!
  const [collection] = await sql<{ id: string; status: string }>(
    `SELECT pc.id, pc.status FROM order_payment_collection opc JOIN payment_collection pc ON pc.id = opc.payment_collection_id
     WHERE opc.order_id = $1 AND opc.deleted_at IS NULL`,
    [orderId]
  )
  expect(collection.status).toBe("authorized")
  const payments = await sql<{ data: any }>(`SELECT data FROM payment WHERE payment_collection_id = $1 AND deleted_at IS NULL`, [collection.id])
  const ledger = await control.ledger()
  const auths = ledger.auths.filter((auth) => auth.token === token)
  expect(auths.map((auth) => auth.status)).toEqual(["APPROVED"])
  expect(payments.map((payment) => payment.data.orderId)).toEqual([auths[0].paymentId])
  expect(ledger.voids.filter((entry) => entry.orderId === auths[0].paymentId)).toEqual([])
  expect(orderIdIn(await hitReturn(b.url, returnPath))).toBe(orderId)
})
