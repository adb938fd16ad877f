import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import type { AxiosResponse } from "axios"
import { OutageProxy } from "../../harness/outage-proxy"
import { sendUnsentMoneyCalls, GRACE_MS } from "../../src/operations/unsent-money-calls"
import { placeOrder, readPayment, type PlacedOrder } from "../support/place-order"
import type { Ledger } from "../support/sandbox-control"
import { describeStore } from "../support/store-suite"

/**
 * Outages of what the plugin keeps its money state in (issue 42, item 5): a real store whose
 * PostgreSQL and Redis (the shared cache and the payment's lock: caching-redis, locking-redis)
 * are reached through TCP proxies this file owns (harness/outage-proxy.ts). A test cuts one off
 * while the admin's capture or refund is on its way to the service, and restores it. The
 * machine's PostgreSQL and Redis are shared with every other test and are never touched.
 *
 * What a user would notice, each time: no money call reaches the service while the plugin
 * cannot write its record of it (docs/operations.md "Outages"), and once the dependency is
 * back, what the service captured and refunded equals what Medusa records, with nothing
 * applied twice.
 */

jest.setTimeout(240_000)

/** This worker's ports: the sandbox's + 5 and + 6 are free (test/integration/setup-env.js gives each worker ten). */
const POSTGRES_PROXY_PORT = Number(process.env.BNPL_SANDBOX_PORT) + 5
const REDIS_PROXY_PORT = Number(process.env.BNPL_SANDBOX_PORT) + 6
/** A Redis database of this file's own: its locks and cache entries are named by ids no other run uses. */
const REDIS_URL = process.env.BNPL_OUTAGES_REDIS_URL || "redis://127.0.0.1:6379/9"
/** How long each outage lasts: longer than the service's answer takes, shorter than knex's 60 s wait for a connection. */
const OUTAGE_MS = 8_000
/** The service's answer to the capture or refund is this late, so the cut falls while it is on its way. */
const SERVICE_LATENCY_MS = 3_000

/**
 * Medusa's caching-redis and locking-redis never close their Redis clients when the app shuts
 * down (they run in this jest process here), and each would keep reconnecting, and jest
 * running, after the file. So the clients the store makes are noted and closed at the end.
 */
const redisClients = new Set<{ disconnect(): void }>()
const redisPrototype = (require("ioredis") as { prototype: { connect: (...args: unknown[]) => Promise<void> } }).prototype
const connect = redisPrototype.connect
redisPrototype.connect = function noted(this: { disconnect(): void }, ...args: unknown[]) {
  redisClients.add(this)
  return connect.apply(this, args)
}

const postgres = OutageProxy.forUrl(`postgres://${process.env.DB_HOST || "localhost"}:5432/postgres`, "PostgreSQL")
const redis = OutageProxy.forUrl(REDIS_URL, "Redis")
beforeAll(async () => {
  await postgres.listen(POSTGRES_PROXY_PORT)
  await redis.listen(REDIS_PROXY_PORT)
})
afterAll(async () => {
  // After the store's own shutdown (the runner's afterAll, inside, runs first).
  for (const client of redisClients) client.disconnect()
  redisPrototype.connect = connect
  await postgres.close()
  await redis.close()
})

// Medusa's runner takes the store's database address from DB_HOST and DB_PORT when it is made
// (below); its own copies and restores of the database keep the real port it read at import.
// DB_HOST stays `localhost`: for any other host the runner asks PostgreSQL for TLS.
const realDatabasePort = process.env.DB_PORT
process.env.DB_PORT = String(POSTGRES_PROXY_PORT)

describeStore({ BNPL_TEST_REDIS_URL: `redis://127.0.0.1:${REDIS_PROXY_PORT}/${new URL(REDIS_URL).pathname.slice(1)}` }, (suite) => {
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
  const admin = () => ({ ...suite.admin, validateStatus: () => true })
  const capture = (payment: string, amount?: number): Promise<AxiosResponse> =>
    suite.api.post(`/admin/payments/${payment}/capture`, amount === undefined ? {} : { amount }, admin())
  const refund = (payment: string, amount: number): Promise<AxiosResponse> =>
    suite.api.post(`/admin/payments/${payment}/refund`, { amount }, admin())

  /** Resolves once the sandbox has received one more request to `endpoint` than `before`. */
  async function reached(endpoint: keyof Ledger["requests"], before: number): Promise<void> {
    const deadline = Date.now() + 30_000
    while ((await suite.control.ledger()).requests[endpoint] <= before) {
      if (Date.now() > deadline) throw new Error(`the ${endpoint} never reached the service`)
      await sleep(50)
    }
  }

  /**
   * Cuts `proxy` for OUTAGE_MS and says what reached the service meanwhile: the money requests
   * (capture, refund, void) the sandbox received while the way was cut.
   */
  async function outage(proxy: OutageProxy, during?: () => Promise<unknown>): Promise<{ moneyRequests: number; during?: unknown }> {
    const money = (ledger: Ledger) => ledger.requests.capture + ledger.requests.refund + ledger.requests.void
    proxy.cut()
    const before = money(await suite.control.ledger())
    const started = Date.now()
    const attempt = during?.()
    await sleep(OUTAGE_MS - (Date.now() - started))
    const moneyRequests = money(await suite.control.ledger()) - before
    proxy.restore()
    return { moneyRequests, during: await attempt }
  }

  /** Medusa's captured and refunded totals of the payment, and the service's, in minor units. */
  async function totals(placed: PlacedOrder) {
    const payment = await readPayment(suite.getContainer(), placed.paymentId)
    const minor = (rows: Array<{ amount: number | string }> = []) =>
      rows.reduce((sum, row) => sum + Math.round(Number(row.amount) * 100), 0)
    const ledger = await suite.control.ledger()
    const ofOrder = <T extends { orderId?: string; amount: { amount: string } }>(rows: T[]) =>
      rows.filter((row) => row.orderId === placed.serviceOrderId).reduce((sum, row) => sum + Math.round(Number(row.amount.amount) * 100), 0)
    return {
      medusa: { captured: minor(payment.captures), refunded: minor(payment.refunds) },
      service: { captured: ofOrder(ledger.captures as any), refunded: ofOrder(ledger.refunds as any) },
    }
  }

  /** Every capture and refund the service applied has its money record (its requestId) in the store's database. */
  async function unrecordedAtService(container: MedusaContainer): Promise<string[]> {
    const ledger = await suite.control.ledger()
    const sent = [...ledger.captures, ...ledger.refunds].map((entry: any) => String(entry.requestId))
    const knex = container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
    const rows: Array<{ request_id: string }> = await knex("bnpl_money_operation").select("request_id")
    const recorded = new Set(rows.map((row) => row.request_id))
    return sent.filter((requestId) => !recorded.has(requestId))
  }

  /** The completion job's repair, as its next run after the grace sends what Medusa kept (docs/operations.md). */
  const repair = () => sendUnsentMoneyCalls(suite.getContainer(), { now: new Date(Date.now() + GRACE_MS + 60_000) })

  afterEach(() => {
    postgres.restore()
    redis.restore()
  })

  it("PostgreSQL cut off during a capture: no money call without its record, equal totals once it is back", async () => {
    const placed = await placeOrder(suite.api, suite.getContainer(), suite.store)
    await suite.control.fault({ endpoint: "capture", kind: "latency", delayMs: SERVICE_LATENCY_MS })
    const before = (await suite.control.ledger()).requests.capture
    const first = capture(placed.paymentId, 10)
    await reached("capture", before)
    // The first capture is at the service; the admin's second one starts while PostgreSQL is away.
    const cut = await outage(postgres, () => capture(placed.paymentId, 5))
    expect(cut.moneyRequests).toBe(0)
    // Both wait for the database (knex waits for a connection) and go through once it is back.
    expect([(await first).status, (cut.during as AxiosResponse).status]).toEqual([200, 200])
    await repair()

    const after = await totals(placed)
    expect(after.service).toEqual({ captured: 1500, refunded: 0 })
    expect(after.medusa).toEqual(after.service)
    expect(await unrecordedAtService(suite.getContainer())).toEqual([])
  })

  it("PostgreSQL cut off during a refund: no money call without its record, equal totals once it is back", async () => {
    const placed = await placeOrder(suite.api, suite.getContainer(), suite.store)
    expect((await capture(placed.paymentId)).status).toBe(200)
    await suite.control.fault({ endpoint: "refund", kind: "latency", delayMs: SERVICE_LATENCY_MS })
    const before = (await suite.control.ledger()).requests.refund
    const first = refund(placed.paymentId, 5)
    await reached("refund", before)
    const cut = await outage(postgres, () => refund(placed.paymentId, 7))
    expect(cut.moneyRequests).toBe(0)
    // Both refunds reach the service once the database is back. Medusa's refund workflow then
    // writes a credit line through an order change, after the money moved; when the two land
    // together, Medusa itself may answer the second "already has an existing active order change"
    // (400). Its refund row stays (Medusa never undoes a refund step), so the totals below hold
    // either way; anything else than 200 or that refusal is a failure.
    for (const answer of [await first, cut.during as AxiosResponse]) {
      if (answer.status !== 200) {
        expect(answer.status).toBe(400)
        expect(answer.data.message).toMatch(/existing active order change/)
      }
    }
    await repair()

    const after = await totals(placed)
    expect(after.service).toEqual({ captured: Math.round(placed.total * 100), refunded: 1200 })
    expect(after.medusa).toEqual(after.service)
    expect(await unrecordedAtService(suite.getContainer())).toEqual([])
  })

  it("Redis cut off: the lock fails closed (no capture or refund without it), and everything adds up once it is back", async () => {
    const placed = await placeOrder(suite.api, suite.getContainer(), suite.store)
    expect((await capture(placed.paymentId, 10)).status).toBe(200)
    const cut = await outage(redis, () => Promise.all([capture(placed.paymentId, 5), refund(placed.paymentId, 1)]))
    expect(cut.moneyRequests).toBe(0)
    // Each either waited for its lock and went through once Redis was back, or was refused with
    // words the admin can act on (nothing was sent, so trying again is safe), never a stack.
    for (const answer of cut.during as AxiosResponse[]) {
      if (answer.status !== 200) {
        expect(answer.status).toBe(503)
        expect(answer.data.message).toMatch(/try again/i)
        expect(JSON.stringify(answer.data)).not.toMatch(/\n\s+at /)
      }
    }
    expect((await refund(placed.paymentId, 4)).status).toBe(200)
    const after = await totals(placed)
    expect(after.medusa).toEqual(after.service)
    expect(after.service.captured).toBeGreaterThanOrEqual(1000)
    expect(after.service.refunded).toBeGreaterThanOrEqual(400)
    expect(await unrecordedAtService(suite.getContainer())).toEqual([])
  })
})

if (realDatabasePort === undefined) delete process.env.DB_PORT
else process.env.DB_PORT = realDatabasePort
