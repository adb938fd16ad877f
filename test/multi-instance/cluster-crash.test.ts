import path from "node:path"
import { consumerChooses } from "../../harness/shopper"
import { orderIdIn, SCHEDULE, storeApi, TICK_MS, useCluster } from "./cluster"

/**
 * A server of a cluster (cluster.ts: two servers and a worker on one database and one Redis)
 * killed while Auth is in flight, once in Medusa's cart complete and once on the shopper's
 * return: the order ends up with its payment and one approval at the service, nothing voided.
 * Each case waits for the dead server's lock on the cart (2 minutes), so these two run on a
 * cluster of their own, apart from cluster.test.ts: `npm test` runs this file beside the soak,
 * which uses the time this one spends waiting.
 *
 * Needs PostgreSQL on localhost:5432 (user postgres, trust) and Redis; the Redis database is
 * BNPL_CLUSTER_CRASH_REDIS_URL (default redis://127.0.0.1:6379/10), flushed at start.
 */

// Migrations and seed ~40 s, three processes ~10 s; each case waits up to 4 minutes for its repair.
jest.setTimeout(300_000)

const REDIS_URL = process.env.BNPL_CLUSTER_CRASH_REDIS_URL || "redis://127.0.0.1:6379/10"

// As cluster.test.ts leaves its cluster before these cases: every process on the older Cache
// Module, and the worker running every job every 5 s, the background completion (and its
// repair of unpaid orders) among them.
const cluster = useCluster({
  redisUrl: REDIS_URL,
  logDir: path.resolve(__dirname, "../../test-output/multi-instance-crash"),
  firstStart: { all: { BNPL_TEST_CACHE_MODULE: "cache-redis" }, worker: { BNPL_TEST_SCHEDULE: SCHEDULE } },
})
const { storeHeaders, storeCall, readyCart, payLaterSession, hitReturn } = storeApi(cluster)

it("a server killed while Auth is in flight leaves no order unpaid: the order gets its payment, one approval, nothing voided", async () => {
  // The worker runs every job every 5 s, the background completion (and its repair of unpaid orders) among them.
  const [a, b] = cluster.servers()
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
  await cluster.control.fault({ endpoint: "auth", kind: "latency", delayMs: 15_000, times: 1 })
  const completing = fetch(`${a.url}/store/carts/${cartId}/complete`, { method: "POST", headers: storeHeaders() }).catch(() => undefined)
  const orderOfCart = async () =>
    (await cluster.sql<{ order_id: string }>(`SELECT order_id FROM order_cart WHERE cart_id = $1 AND deleted_at IS NULL`, [cartId]))[0]?.order_id
  let orderId: string | undefined
  for (let i = 0; i < 100 && !(orderId && (await cluster.control.ledger()).requests.auth > 0); i++) {
    await sleep(100)
    orderId = await orderOfCart()
  }
  expect(orderId).toMatch(/^order_/)
  await a.store.kill()
  await completing
  cluster.instances = cluster.instances.filter((instance) => instance !== a)

  const collectionOf = async () =>
    (
      await cluster.sql<{ id: string; status: string }>(
        `SELECT pc.id, pc.status FROM order_payment_collection opc JOIN payment_collection pc ON pc.id = opc.payment_collection_id
         WHERE opc.order_id = $1 AND opc.deleted_at IS NULL`,
        [orderId]
      )
    )[0]
  const paymentsOf = async (collectionId: string) =>
    cluster.sql<{ id: string; provider_id: string; data: any }>(
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
  const ledger = await cluster.control.ledger()
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
  cluster.nextGeneration()
  const c = await cluster.startInstance("server-c", "server", { BNPL_TEST_CACHE_MODULE: "cache-redis" })
  cluster.instances.push(c)
  const [b] = cluster.servers().filter((server) => server !== c)
  const cartId = await readyCart(c.url, "crash-return@example.com")
  const { token, redirectCheckoutUrl } = await payLaterSession(c.url, cartId)
  await sleep(TICK_MS - (Date.now() % TICK_MS) + 500)
  const back = await consumerChooses(redirectCheckoutUrl, "confirm")
  const returnPath = `${back.pathname}${back.search}`

  const authsBefore = (await cluster.control.ledger()).requests.auth
  await cluster.control.fault({ endpoint: "auth", kind: "latency", delayMs: 15_000, times: 1 })
  const returning = fetch(`${c.url}${returnPath}`, { redirect: "manual" }).catch(() => undefined)
  for (let i = 0; i < 100 && (await cluster.control.ledger()).requests.auth === authsBefore; i++) await sleep(100)
  expect((await cluster.control.ledger()).requests.auth).toBeGreaterThan(authsBefore)
  await c.store.kill()
  await returning
  cluster.instances = cluster.instances.filter((instance) => instance !== c)

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
  const [collection] = await cluster.sql<{ id: string; status: string }>(
    `SELECT pc.id, pc.status FROM order_payment_collection opc JOIN payment_collection pc ON pc.id = opc.payment_collection_id
     WHERE opc.order_id = $1 AND opc.deleted_at IS NULL`,
    [orderId]
  )
  expect(collection.status).toBe("authorized")
  const payments = await cluster.sql<{ data: any }>(`SELECT data FROM payment WHERE payment_collection_id = $1 AND deleted_at IS NULL`, [collection.id])
  const ledger = await cluster.control.ledger()
  const auths = ledger.auths.filter((auth) => auth.token === token)
  expect(auths.map((auth) => auth.status)).toEqual(["APPROVED"])
  expect(payments.map((payment) => payment.data.orderId)).toEqual([auths[0].paymentId])
  expect(ledger.voids.filter((entry) => entry.orderId === auths[0].paymentId)).toEqual([])
  expect(orderIdIn(await hitReturn(b.url, returnPath))).toBe(orderId)
})
