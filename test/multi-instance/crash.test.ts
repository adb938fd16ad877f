import { consumerChooses } from "../../harness/shopper"
import { ClusterStore, orderIdIn, SCHEDULE, sleep } from "./cluster-store"

/**
 * Servers killed while Auth is in flight, on a cluster of three `medusa start` servers
 * (cluster-store.ts) whose worker starts only after the crashes: until then nothing but the
 * shopper's own request can take the cart, so each crash hits the path it means to.
 * - Server A dies in the store's cart complete (Medusa's complete-cart: the order first,
 *   Auth last): the order exists without its payment.
 * - Server C dies on the shopper's return (the plugin's completion: Auth first, then the
 *   order): an open cart with an approval at the service.
 * Then the worker's background completion (every 5 s), once the dead servers' locks on the
 * carts expire (complete-cart takes them for 2 minutes), gives each its order and payment with
 * one approval, its Auth a replay of the interrupted one's requestId; nothing is voided.
 *
 * Needs PostgreSQL on localhost:5432 (user postgres, trust) and Redis; the Redis database is
 * BNPL_CRASH_REDIS_URL (default redis://127.0.0.1:6379/14), flushed at start.
 */

// Three processes ~15 s, the crashes ~40 s, the dead servers' locks 2 minutes, the worker ~15 s.
jest.setTimeout(360_000)

const cluster = new ClusterStore("multi-instance-crash", process.env.BNPL_CRASH_REDIS_URL || "redis://127.0.0.1:6379/14")

beforeAll(async () => {
  await cluster.prepare()
  await cluster.startAll([
    { name: "server-a", role: "server" },
    { name: "server-b", role: "server" },
    { name: "server-c", role: "server" },
  ])
})

afterAll(() => cluster.close())

const ledger = () => cluster.control.ledger()
const orderOfCart = async (cartId: string) =>
  (await cluster.sql<{ order_id: string }>(`SELECT order_id FROM order_cart WHERE cart_id = $1 AND deleted_at IS NULL`, [cartId]))[0]
    ?.order_id
const collectionOf = async (orderId: string) =>
  (
    await cluster.sql<{ id: string; status: string }>(
      `SELECT pc.id, pc.status FROM order_payment_collection opc JOIN payment_collection pc ON pc.id = opc.payment_collection_id
       WHERE opc.order_id = $1 AND opc.deleted_at IS NULL`,
      [orderId],
    )
  )[0]
const paymentsOf = (collectionId: string) =>
  cluster.sql<{ id: string; provider_id: string; data: any }>(
    `SELECT id, provider_id, data FROM payment WHERE payment_collection_id = $1 AND deleted_at IS NULL`,
    [collectionId],
  )

/** A confirmed checkout on `server`: the cart, the session's token and the return's path and query. */
async function confirmedCheckout(serverUrl: string, email: string) {
  const cartId = await cluster.readyCart(serverUrl, email)
  const { token, redirectCheckoutUrl } = await cluster.payLaterSession(serverUrl, cartId)
  const back = await consumerChooses(redirectCheckoutUrl, "confirm")
  return { cartId, token, returnPath: `${back.pathname}${back.search}` }
}

/** Polls until `done` answers true (every 100 ms, at most 10 s). */
async function until(done: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 100 && !(await done()); i++) await sleep(100)
}

it("servers killed while Auth is in flight (in the store's cart complete, on the shopper's return): each order gets its payment, one approval, nothing voided", async () => {
  const [a, b, c] = cluster.servers()

  // A slow service: server A's cart complete is still waiting for Auth's answer when it is killed.
  const onComplete = await confirmedCheckout(a.url, "crash@example.com")
  await cluster.control.fault({ endpoint: "auth", kind: "latency", delayMs: 15_000, times: 1 })
  const completing = fetch(`${a.url}/store/carts/${onComplete.cartId}/complete`, { method: "POST", headers: cluster.storeHeaders() }).catch(
    () => undefined,
  )
  let orderId: string | undefined
  await until(async () => {
    orderId = await orderOfCart(onComplete.cartId)
    return Boolean(orderId) && (await ledger()).requests.auth > 0
  })
  expect(orderId).toMatch(/^order_/)
  await cluster.kill(a)
  await completing

  // The same on server C's return route: Auth in flight, no order yet.
  const onReturn = await confirmedCheckout(c.url, "crash-return@example.com")
  const authsBefore = (await ledger()).requests.auth
  await cluster.control.fault({ endpoint: "auth", kind: "latency", delayMs: 15_000, times: 1 })
  const returning = fetch(`${c.url}${onReturn.returnPath}`, { redirect: "manual" }).catch(() => undefined)
  await until(async () => (await ledger()).requests.auth > authsBefore)
  expect((await ledger()).requests.auth).toBeGreaterThan(authsBefore)
  await cluster.kill(c)
  await returning

  // The crash in the cart complete left the order with no payment.
  const crashed = await collectionOf(orderId!)
  expect(crashed.status).not.toBe("authorized")
  expect(await paymentsOf(crashed.id)).toEqual([])
  expect(await orderOfCart(onReturn.cartId)).toBeUndefined()

  // Both shoppers come back on server B: not the order page while nothing is settled.
  type CartStatus = { status: string; order_id?: string }
  const status = async (cartId: string) => (await cluster.storeCall(b.url, "GET", `/store/bnpl/carts/${cartId}/status`)) as CartStatus
  for (const checkout of [onComplete, onReturn]) {
    const early = await cluster.hitReturn(b.url, checkout.returnPath)
    expect(early).toContain("bnpl_status=processing")
    expect(orderIdIn(early)).toBeUndefined()
  }
  expect(await status(onComplete.cartId)).toEqual({ status: "processing" })

  // The worker starts; once the dead servers' locks expire, its background completion settles both.
  await cluster.start("worker", "worker", { BNPL_TEST_SCHEDULE: SCHEDULE })
  const settled = async (cartId: string): Promise<CartStatus> => {
    let last = await status(cartId)
    for (let i = 0; i < 120 && last.status !== "completed"; i++) {
      await sleep(2_000)
      last = await status(cartId)
    }
    return last
  }
  const [afterComplete, afterReturn] = await Promise.all([settled(onComplete.cartId), settled(onReturn.cartId)])
  expect(afterComplete).toEqual({ status: "completed", order_id: orderId })
  expect(afterReturn).toEqual({ status: "completed", order_id: expect.stringMatching(/^order_/) })

  const final = await ledger()
  for (const [checkout, placed] of [
    [onComplete, afterComplete],
    [onReturn, afterReturn],
  ] as const) {
    const collection = await collectionOf(placed.order_id!)
    expect(collection.status).toBe("authorized")
    const payments = await paymentsOf(collection.id)
    expect(payments.map((payment) => payment.provider_id)).toEqual(["pp_bnpl_bnpl"])
    // One approval at the service: the repair's Auth was a replay of the interrupted one's requestId.
    const auths = final.auths.filter((auth) => auth.token === checkout.token)
    expect(auths.map((auth) => auth.status)).toEqual(["APPROVED"])
    expect(payments[0].data.orderId).toBe(auths[0].paymentId)
    expect(final.voids.filter((entry) => entry.orderId === auths[0].paymentId)).toEqual([])
    // The shopper's return on the surviving server now reaches the order page.
    expect(orderIdIn(await cluster.hitReturn(b.url, checkout.returnPath))).toBe(placed.order_id)
  }
  expect(final.requests.auth).toBeGreaterThan(final.auths.length)
})
