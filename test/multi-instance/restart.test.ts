import { randomBytes } from "node:crypto"
import path from "node:path"
import { queryDatabase } from "../../harness/database"
import { databaseFromTemplate, templateHash, type TemplateCopy } from "../../harness/template-database"
import {
  execInStore,
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
import { flushRedisDatabase } from "../../harness/redis"

/**
 * Issue 27's acceptance tests that need real processes: a store of `medusa start` on
 * PostgreSQL against the sandbox, stopped (SIGTERM), killed (SIGKILL) and started again, a
 * capture from `medusa exec`, and `medusa db:migrate`. The store (restart-store/) runs with
 * Medusa's defaults (in-memory cache, locking, workflow engine) or on Redis (caching-redis,
 * locking-redis, ...), on one database. Proves that the plugin's money records outlive its
 * processes and its cache:
 * - a refund applied at the service whose answer was lost is known after a restart, with the
 *   in-memory cache and with a flushed Redis: the service never holds more than Medusa records;
 * - a server killed mid-refund: after the restart the refund is recorded once and the next
 *   refund waits for the dead server's lock no longer than its lease (15 s);
 * - a capture of part of the payment by capturePaymentWorkflow in another process captures
 *   that part at the service;
 * - `medusa db:migrate` creates the records table on a fresh database and on one migrated
 *   before the table existed; a refund journal entry of the earlier version (in the cache) is
 *   read into the table on the next refund and settled against the service.
 *
 * Needs PostgreSQL on localhost:5432 (user postgres, trust) and Redis; the Redis database is
 * BNPL_RESTART_REDIS_URL (default redis://127.0.0.1:6379/12), flushed at start and end.
 */

// Per hook or test, at most: migrations and seed ~100 s on a busy machine (once per template), two servers started
// twice at once ~60 s, one exec ~20 s. The whole file runs in about 4 minutes.
jest.setTimeout(240_000)

const STORE_DIR = path.join(__dirname, "restart-store")
const LOG_DIR = path.resolve(__dirname, "../../test-output/multi-instance-restart")
const REDIS_URL = process.env.BNPL_RESTART_REDIS_URL || "redis://127.0.0.1:6379/12"
// The PostgreSQL server (its database part is ignored: the file's database is a copy of the store's template).
const DATABASE_URL = process.env.BNPL_RESTART_DATABASE_URL || "postgres://postgres@localhost:5432/postgres"
const PROVIDER = "pp_bnpl_bnpl"
// The lock a dead server leaves on a payment lasts this long (src/runtime/infrastructure/payment-lock.ts).
const LEASE_MS = 15_000

let sandbox: Sandbox | undefined
let database: TemplateCopy | undefined
let control: SandboxControl
let seed: DemoSeed
let adminToken: string
const secrets = newStoreSecrets()
// Every server started and not yet stopped, so afterAll stops what a failed test left.
const running = new Set<RunningStore>()
// The Redis-backed server the tests after the first share.
let redisServer: Server | undefined
let generation = 0

function storeSettings(name: string, port: number, redis: boolean, databaseUrl = database!.url): StoreSettings {
  generation += 1
  return {
    port,
    databaseUrl,
    bnplBaseUrl: sandbox!.url,
    storeUrl: `http://127.0.0.1:${port}`,
    storefrontUrl: "http://storefront.test",
    logDir: path.join(LOG_DIR, `${generation}-${name}`),
    storeDir: STORE_DIR,
    secrets,
    // An empty REDIS_URL is Medusa's defaults (restart-store/medusa-config.js).
    env: { REDIS_URL: redis ? REDIS_URL : "" },
  }
}

interface Server {
  url: string
  /** SIGTERM: Medusa shuts down gracefully. */
  stop(): Promise<void>
  /** SIGKILL: the server dies mid-request. */
  kill(): Promise<void>
}

/** Starts a server of the store, with Redis modules or Medusa's in-memory defaults. */
async function startServer(redis: boolean): Promise<Server> {
  const settings = storeSettings(redis ? "redis" : "in-memory", await freePort(), redis)
  const store = await startMedusa(settings)
  running.add(store)
  const ended = (end: () => Promise<void>) => async () => {
    await end()
    running.delete(store)
  }
  return { url: settings.storeUrl, stop: ended(store.stop), kill: ended(store.kill) }
}

beforeAll(async () => {
  linkPlugin(STORE_DIR)
  await flushRedisDatabase(REDIS_URL)
  sandbox = await startSandbox({ port: 0, strictRequests: true })
  control = new SandboxControl(sandbox.url)
  // A copy of the store's template, which `medusa db:migrate` built on a fresh database.
  database = await databaseFromTemplate({
    serverUrl: DATABASE_URL,
    store: "restart",
    hash: templateHash(STORE_DIR),
    build: async (url) => {
      const setup = storeSettings("setup", 0, true, url)
      await migrateStore(setup)
      return seedDemoStore(setup)
    },
  })
  seed = database.seed
})

afterAll(async () => {
  await Promise.all([...running].map((store) => store.stop()))
  await database?.drop()
  await sandbox?.close()
  await flushRedisDatabase(REDIS_URL).catch(() => {})
})

async function call(
  baseUrl: string,
  method: string,
  route: string,
  body?: unknown,
  signal?: AbortSignal,
): Promise<{ status: number; json: any }> {
  const response = await fetch(`${baseUrl}${route}`, {
    method,
    headers: {
      "content-type": "application/json",
      "x-publishable-api-key": seed.publishableKey,
      ...(adminToken ? { authorization: `Bearer ${adminToken}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  })
  return { status: response.status, json: await response.json().catch(() => undefined) }
}

async function ok(baseUrl: string, method: string, route: string, body?: unknown): Promise<any> {
  const { status, json } = await call(baseUrl, method, route, body)
  if (status >= 300) throw new Error(`${method} ${route} answered ${status}: ${JSON.stringify(json)}`)
  return json
}

const sql = <T extends Record<string, any>>(text: string, values: unknown[] = []): Promise<T[]> =>
  queryDatabase<T>(database!.url, text, values)

interface Order {
  orderId: string
  /** Medusa's payment id. */
  paymentId: string
  serviceOrderId: string
  /** Major units. */
  total: number
}

/**
 * A shopper's purchase on the server: cart, Pay later session, the sandbox's confirm screen,
 * the return route. `totes` Canvas Totes (45.00 each) with Standard (4.95) or Express (9.95).
 */
async function placeOrder(baseUrl: string, { totes = 1, shipping = "standard" as "standard" | "express" } = {}): Promise<Order> {
  const { cart } = await ok(baseUrl, "POST", "/store/carts", {
    region_id: seed.regions.uk,
    email: `restart-${randomBytes(3).toString("hex")}@example.com`,
    items: [{ variant_id: seed.variants.tote, quantity: totes }],
    shipping_address: ukAddress,
    billing_address: ukAddress,
  })
  await ok(baseUrl, "POST", `/store/carts/${cart.id}/shipping-methods`, { option_id: seed.shippingOptions[shipping] })
  const { payment_collection: collection } = await ok(baseUrl, "POST", "/store/payment-collections", { cart_id: cart.id })
  const { payment_collection: withSession } = await ok(baseUrl, "POST", `/store/payment-collections/${collection.id}/payment-sessions`, {
    provider_id: PROVIDER,
  })
  const session = withSession.payment_sessions.find((candidate: any) => candidate.provider_id === PROVIDER)
  const back = await consumerChooses(session.data.redirectCheckoutUrl, "confirm")
  const returned = await fetch(`${baseUrl}${back.pathname}${back.search}`, { redirect: "manual" })
  const orderId = /\/order\/([^/?#]+)/.exec(returned.headers.get("location") ?? "")?.[1]
  if (!orderId) throw new Error(`the return route did not place the order: ${returned.status} ${returned.headers.get("location")}`)
  const [payment] = await sql<{ id: string; service_order_id: string; amount: string }>(
    `SELECT p.id, p.data->>'orderId' AS service_order_id, p.amount FROM order_payment_collection opc
     JOIN payment p ON p.payment_collection_id = opc.payment_collection_id AND p.deleted_at IS NULL
     WHERE opc.order_id = $1 AND opc.deleted_at IS NULL`,
    [orderId],
  )
  return { orderId, paymentId: payment.id, serviceOrderId: payment.service_order_id, total: Number(payment.amount) }
}

async function signIn(baseUrl: string): Promise<void> {
  adminToken = ""
  const { token } = await ok(baseUrl, "POST", "/auth/user/emailpass", seed.admin)
  adminToken = token
}

const capture = (baseUrl: string, order: Order) => ok(baseUrl, "POST", `/admin/payments/${order.paymentId}/capture`, {})
const refund = (baseUrl: string, order: Order, amount: number, signal?: AbortSignal) =>
  call(baseUrl, "POST", `/admin/payments/${order.paymentId}/refund`, { amount }, signal)

// Sums in pence, as the amounts are exact to the penny.
const pence = (amount: string | number) => Math.round(Number(amount) * 100)

/** What the service refunded for the order, in major units. */
async function refundedAtService(order: Order): Promise<number> {
  const refunds = (await control.ledger()).refunds.filter((entry) => entry.orderId === order.serviceOrderId)
  return refunds.reduce((sum, entry) => sum + pence(entry.amount.amount), 0) / 100
}

/** What Medusa records as refunded (the payment's refunds), in major units. */
async function refundedInMedusa(order: Order): Promise<number> {
  const rows = await sql<{ amount: string }>(`SELECT amount FROM refund WHERE payment_id = $1 AND deleted_at IS NULL`, [order.paymentId])
  return rows.reduce((sum, row) => sum + pence(row.amount), 0) / 100
}

const moneyRecords = (order: Order) =>
  sql<{ kind: string; request_id: string; amount: string; state: string; recorded: boolean; absorbed_by: string | null }>(
    `SELECT kind, request_id, amount, state, recorded, absorbed_by FROM bnpl_money_operation
     WHERE service_order_id = $1 AND deleted_at IS NULL ORDER BY created_at`,
    [order.serviceOrderId],
  )

/** A captured order, and a refund of 30.00 the service applied but whose every answer was lost. */
async function refundWithEveryAnswerLost(baseUrl: string): Promise<Order> {
  const order = await placeOrder(baseUrl, { shipping: "express" })
  expect(order.total).toBe(54.95)
  await capture(baseUrl, order)
  // Applied at the service, answer dropped: the first try, the client's retries and resends.
  await control.fault({ endpoint: "refund", kind: "lost_response", times: 20 })
  const lost = await refund(baseUrl, order, 30)
  await control.clearFaults()
  // The outcome is unknown, so Medusa keeps its refund (docs/operations.md "The money records").
  expect(lost.status).toBe(200)
  expect(await refundedAtService(order)).toBe(30)
  expect(await refundedInMedusa(order)).toBe(30)
  expect((await moneyRecords(order)).filter((record) => record.kind === "refund").map((record) => record.state)).toEqual(["sending"])
  return order
}

/**
 * After the restart: the next refund (20.00) first settles the one left `sending` from the
 * records in the database (applied: nothing sent again), then sends itself; the totals agree.
 */
async function refundsAfterRestartMatchMedusa(baseUrl: string, order: Order): Promise<void> {
  expect((await refund(baseUrl, order, 20)).status).toBe(200)
  expect(await refundedAtService(order)).toBe(50)
  expect(await refundedInMedusa(order)).toBe(50)
  const refunds = (await moneyRecords(order)).filter((record) => record.kind === "refund")
  expect(refunds.map((record) => [record.state, record.recorded])).toEqual([
    ["applied", true],
    ["applied", true],
  ])

  expect((await refund(baseUrl, order, 4.95)).status).toBe(200)
  expect(await refundedAtService(order)).toBe(54.95)
  expect(await refundedInMedusa(order)).toBe(54.95)
}

describe("a refund whose answer was lost, then a restart", () => {
  // Both configurations side by side on the one database, started and restarted at once.
  let inMemory: Server
  const lost: { inMemory?: Order; redis?: Order } = {}
  beforeAll(async () => {
    ;[inMemory, redisServer] = await Promise.all([startServer(false), startServer(true)])
    await signIn(inMemory.url)
    // One after the other: the sandbox's fault is for whichever refund comes first.
    lost.inMemory = await refundWithEveryAnswerLost(inMemory.url)
    lost.redis = await refundWithEveryAnswerLost(redisServer.url)
    await Promise.all([inMemory.stop(), redisServer.stop()])
    // The Redis store loses everything it kept in Redis.
    await flushRedisDatabase(REDIS_URL)
    ;[inMemory, redisServer] = await Promise.all([startServer(false), startServer(true)])
  })

  it("with Medusa's in-memory cache: the next refunds leave the service's refunded total equal to Medusa's", async () => {
    await refundsAfterRestartMatchMedusa(inMemory.url, lost.inMemory!)
    await inMemory.stop()
  })

  it("with a Redis-backed store whose Redis was flushed: the next refunds leave the service's refunded total equal to Medusa's", async () => {
    await refundsAfterRestartMatchMedusa(redisServer!.url, lost.redis!)
  })
})

it("a server killed mid-refund: after the restart the refund counts once, and the next one waits no longer than the lock's lease", async () => {
  // The Redis store from the test before: the dead server's lock outlives it in Redis.
  const url = redisServer!.url
  const order = await placeOrder(url, { totes: 2 })
  expect(order.total).toBe(94.95)
  await capture(url, order)

  // A slow service: the refund of 25.00 is still waiting for its answer when the server dies.
  const before = (await control.ledger()).requests.refund ?? 0
  await control.fault({ endpoint: "refund", kind: "latency", delayMs: 3_000, times: 1 })
  const inFlight = refund(url, order, 25).catch(() => undefined)
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
  for (let i = 0; i < 100 && ((await control.ledger()).requests.refund ?? 0) === before; i++) await sleep(50)
  expect((await control.ledger()).requests.refund).toBeGreaterThan(before)
  await redisServer!.kill()
  await inFlight
  // The service applies it once its latency is over; Medusa kept its refund (committed before the call).
  for (let i = 0; i < 100 && (await refundedAtService(order)) === 0; i++) await sleep(100)
  expect(await refundedAtService(order)).toBe(25)
  expect(await refundedInMedusa(order)).toBe(25)

  redisServer = await startServer(true)
  const restartedAt = Date.now()
  await control.advanceClock(10 * 60)
  const next = await refund(redisServer.url, order, 30, AbortSignal.timeout(LEASE_MS + 15_000))
  const waited = Date.now() - restartedAt
  expect(next.status).toBe(200)
  expect(waited).toBeLessThan(LEASE_MS + 5_000)

  expect(await refundedAtService(order)).toBe(55)
  expect(await refundedInMedusa(order)).toBe(55)
  expect((await moneyRecords(order)).filter((record) => record.kind === "refund")).toEqual([
    expect.objectContaining({ amount: "25.00", state: "applied", recorded: true }),
    expect.objectContaining({ amount: "30.00", state: "applied", recorded: true }),
  ])
})

it("a capture of part of the payment by capturePaymentWorkflow from `medusa exec` captures that part at the service", async () => {
  const url = redisServer!.url
  const order = await placeOrder(url)
  expect(order.total).toBe(49.95)

  await execInStore(storeSettings("exec-capture", 0, true), "./scripts/capture-payment.js", [order.paymentId, "20"], "capture")

  const captures = (await control.ledger()).captures.filter((entry) => entry.orderId === order.serviceOrderId)
  expect(captures.map((entry) => entry.amount.amount)).toEqual(["20.00"])
  const medusa = await sql<{ id: string; amount: string }>(`SELECT id, amount FROM capture WHERE payment_id = $1 AND deleted_at IS NULL`, [
    order.paymentId,
  ])
  expect(medusa.map((row) => Number(row.amount))).toEqual([20])
  expect(await moneyRecords(order)).toEqual([
    expect.objectContaining({ kind: "capture", request_id: expect.stringContaining(medusa[0].id), amount: "20.00", state: "applied" }),
  ])
})

describe("upgrading the plugin's database", () => {
  it("`medusa db:migrate` creates the records table on a fresh database, and on a database migrated before it existed", async () => {
    // The template was migrated from a fresh database.
    const exists = async () =>
      (await sql<{ table: string | null }>(`SELECT to_regclass('public.bnpl_money_operation')::text AS table`))[0].table
    expect(await exists()).toBe("bnpl_money_operation")

    // The database as the version before the records left it: every other migration run, no
    // table, no trace of its migration.
    await redisServer!.stop()
    const migrations = await sql<{ name: string }>(`SELECT name FROM mikro_orm_migrations WHERE name LIKE 'Migration20261125060000%'`)
    expect(migrations).not.toHaveLength(0)
    await sql(`DROP TABLE bnpl_money_operation`)
    await sql(`DELETE FROM mikro_orm_migrations WHERE name LIKE 'Migration20261125060000%'`)

    await migrateStore(storeSettings("migrate-upgrade", 0, true))
    expect(await exists()).toBe("bnpl_money_operation")
    expect(await sql(`SELECT name FROM mikro_orm_migrations WHERE name LIKE 'Migration20261125060000%'`)).toHaveLength(migrations.length)
  })
})
