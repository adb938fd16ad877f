import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { BnplClient } from "../../../src/client"
import { completePendingCarts } from "../../../src/operations/pending-completions"
import { reconcilePayments } from "../../../src/operations/reconcile"
import { repairUnpaidOrders } from "../../../src/operations/repair-unpaid-orders"
import type { StoreSuite } from "../../support/store-suite"
import { lastItem } from "../../support/last-item"
import type { SeededStore } from "../../support/seed-store"
import { type Shopper, consumerChooses, pathAndQuery, ukAddress } from "../../../harness/shopper"

/**
 * Issue "Never lose an order": the order does not depend on the shopper's browser coming
 * back, a slow service never holds the shopper past the deadline, and one cart never gets
 * two approvals. The background job is driven by calling what it runs
 * (operations/pending-completions.ts), as the scheduler would each minute.
 */
export default function completionTests(suite: StoreSuite): void {
  const { api, getContainer, control } = suite
  let store: SeededStore, shopper: Shopper
  // Both are new for each test (test/support/store-suite.ts).
  beforeEach(() => ({ store, shopper } = suite))

  const get = (url: string) => api.get(url, { maxRedirects: 0, validateStatus: () => true })
  const status = (cartId: string) =>
    api.get(`/store/bnpl/carts/${cartId}/status`, {
      headers: { "x-publishable-api-key": store.publishableKey },
      validateStatus: () => true,
    })

  async function orderOf(cartId: string): Promise<string | undefined> {
    const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
    const { data } = await query.graph({ entity: "cart", fields: ["id", "order.id"], filters: { id: cartId } })
    return (data[0] as { order?: { id: string } | null })?.order?.id
  }

  async function confirmedCart(variant = store.variants.tote) {
    const cart = await shopper.createCart({ regionId: store.regions.uk, items: [{ variant_id: variant, quantity: 1 }], address: ukAddress })
    await shopper.addShippingMethod(cart.id, store.shippingOptions.standard)
    const session = await shopper.initiatePaymentSession(cart.id)
    const back = await consumerChooses(session.data.redirectCheckoutUrl, "confirm")
    return { cart, session, back }
  }

  it("closed tab: the consumer confirms and never comes back; the job places the order with one Auth, and a later return lands on it", async () => {
    const { cart, back } = await confirmedCart()
    expect((await status(cart.id)).data).toEqual({ status: "processing" })

    const report = await completePendingCarts(getContainer())
    const orderId = await orderOf(cart.id)
    expect(orderId).toBeDefined()
    expect(report.completed).toEqual([{ cartId: cart.id, orderId }])
    expect((await status(cart.id)).data).toEqual({ status: "completed", order_id: orderId })

    const returned = await get(pathAndQuery(back))
    expect(returned.headers.location).toBe(`http://storefront.test/order/${orderId}/confirmed`)
    expect((await control.ledger()).auths).toHaveLength(1)
  })

  it("two instances running the job at once, with the shopper's return arriving too: one order and one Auth per cart", async () => {
    // Made one after the other: Medusa creates the shopper's customer with the cart, and three
    // carts of one e-mail at once race on that.
    const carts = []
    for (let index = 0; index < 3; index++) carts.push(await confirmedCart())
    await Promise.all([completePendingCarts(getContainer()), completePendingCarts(getContainer()), get(pathAndQuery(carts[0].back))])
    for (const { cart } of carts) expect(await orderOf(cart.id)).toBeDefined()
    const ledger = await control.ledger()
    expect(ledger.auths).toHaveLength(3)
    expect(new Set(ledger.auths.map((auth) => auth.token)).size).toBe(3)
  })

  it("the job's calls are bounded: a consumer still on the service's screens costs one Auth, then the job backs off", async () => {
    const cart = await shopper.createCart({
      regionId: store.regions.uk,
      items: [{ variant_id: store.variants.tote, quantity: 1 }],
      address: ukAddress,
    })
    await shopper.addShippingMethod(cart.id, store.shippingOptions.standard)
    await shopper.initiatePaymentSession(cart.id)
    const now = new Date()
    const first = await completePendingCarts(getContainer(), now)
    expect(first.waiting).toHaveLength(1)
    const second = await completePendingCarts(getContainer(), new Date(now.getTime() + 30_000))
    expect(second.skipped).toBe(1)
    const third = await completePendingCarts(getContainer(), new Date(now.getTime() + 61_000))
    expect(third.waiting).toHaveLength(1)
    const ledger = await control.ledger()
    expect(ledger.requests.auth).toBe(2)
    expect(ledger.auths).toHaveLength(0)
    expect(await orderOf(cart.id)).toBeUndefined()
  })

  it("slow service: Auth takes 60 s; the return route answers within 20 s with processing, the order appears, the status route reports it, one Auth", async () => {
    const { cart, back } = await confirmedCart()
    await control.fault({ endpoint: "auth", kind: "latency", delayMs: 60_000, times: 1 })
    const started = Date.now()
    const returned = await get(pathAndQuery(back))
    const waited = Date.now() - started
    expect(waited).toBeLessThan(20_000)
    expect(returned.headers.location).toBe("http://storefront.test/checkout?step=payment&bnpl_status=processing")
    expect((await status(cart.id)).data).toEqual({ status: "processing" })

    let orderId: string | undefined
    for (const deadline = Date.now() + 120_000; !orderId && Date.now() < deadline; ) {
      await new Promise((resolve) => setTimeout(resolve, 2_000))
      orderId = await orderOf(cart.id)
    }
    expect(orderId).toBeDefined()
    expect((await status(cart.id)).data).toEqual({ status: "completed", order_id: orderId })
    expect((await control.ledger()).auths).toHaveLength(1)
  })

  it("lost answers: Auth's answer lost on every try, then the shopper starts pay later again: one approval, one order", async () => {
    const { cart, back } = await confirmedCart()
    await control.fault({ endpoint: "auth", kind: "lost_response", times: 10 })
    const failed = await get(pathAndQuery(back))
    expect(failed.headers.location).toContain("bnpl_error=payment_failed")
    await control.clearFaults()

    const again = await shopper.initiatePaymentSession(cart.id)
    // Straight back to the return route: the consumer is not asked to approve again.
    const next = new URL(again.data.redirectCheckoutUrl)
    expect(next.pathname).toBe("/bnpl/return")
    const returned = await get(pathAndQuery(next))
    const orderId = await orderOf(cart.id)
    expect(returned.headers.location).toBe(`http://storefront.test/order/${orderId}/confirmed`)
    const ledger = await control.ledger()
    expect(ledger.checkouts).toHaveLength(1)
    expect(ledger.payments.map((payment) => payment.paymentState)).toEqual(["AUTH_APPROVED"])
  })

  it("stock gone between confirmation and completion: the authorisation is voided, no order, order_failed for the shopper", async () => {
    const { variantId, setStock } = await lastItem(getContainer(), store)
    const { cart, back } = await confirmedCart(variantId)
    // Someone else buys the last one while the consumer is on the service's screens.
    await setStock(0)

    const returned = await get(pathAndQuery(back))
    expect(returned.headers.location).toBe("http://storefront.test/checkout?step=payment&bnpl_error=order_failed")
    expect(await orderOf(cart.id)).toBeUndefined()
    const ledger = await control.ledger()
    expect(ledger.payments.map((payment) => payment.paymentState)).toEqual(["VOIDED"])
    expect((await status(cart.id)).data).toEqual({ status: "failed", reason: "order_failed" })
  })

  /**
   * What a store process killed while Auth was in flight leaves (Medusa's complete-cart creates
   * the order, links it to the cart and the payment collection, completes the cart, and
   * authorises last): the order with no payment, and the Auth that reached the service.
   * Made here by hand, as complete-cart's steps would have left it; the Auth carries the
   * session's own requestId, as the provider's does.
   */
  async function orderPlacedWithoutPayment() {
    const { cart, session, back } = await confirmedCart()
    const container = getContainer()
    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    const { data } = await query.graph({
      entity: "cart",
      fields: ["id", "email", "currency_code", "region_id", "sales_channel_id", "items.*", "payment_collection.id"],
      filters: { id: cart.id },
    })
    const full = data[0] as any
    const [order] = await container.resolve(Modules.ORDER).createOrders([
      {
        region_id: full.region_id,
        sales_channel_id: full.sales_channel_id,
        email: full.email,
        currency_code: full.currency_code,
        items: full.items.map((item: any) => ({
          title: item.title,
          variant_id: item.variant_id,
          quantity: item.quantity,
          unit_price: item.unit_price,
        })),
      },
    ])
    await container.resolve(ContainerRegistrationKeys.LINK).create([
      { [Modules.ORDER]: { order_id: order.id }, [Modules.CART]: { cart_id: cart.id } },
      { [Modules.ORDER]: { order_id: order.id }, [Modules.PAYMENT]: { payment_collection_id: full.payment_collection.id } },
    ])
    await container.resolve(Modules.CART).updateCarts(cart.id, { completed_at: new Date() })
    const client = new BnplClient({
      merchantId: "sandbox-uk-merchant",
      secretKey: "sandbox-uk-secret-key",
      baseUrl: process.env.BNPL_BASE_URL!,
      authScheme: "basic",
    })
    const approved = await client.auth({ token: session.data.token, requestId: session.id, merchantReference: cart.id })
    return { cart, session, back, orderId: order.id as string, collectionId: full.payment_collection.id as string, approved }
  }

  async function collection(collectionId: string) {
    const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
    const { data } = await query.graph({
      entity: "payment_collection",
      fields: ["id", "status", "payments.id", "payments.data", "order.id"],
      filters: { id: collectionId },
    })
    return data[0] as { status: string; payments: Array<{ id: string; data: Record<string, any> }>; order?: { id: string } }
  }

  it("crash mid-Auth: an order placed without its payment is processing for the shopper until the job authorises it with the same requestId: one approval", async () => {
    const { cart, session, back, orderId, collectionId, approved } = await orderPlacedWithoutPayment()
    expect((await collection(collectionId)).payments).toEqual([])
    expect((await status(cart.id)).data).toEqual({ status: "processing" })

    const report = await repairUnpaidOrders(getContainer())
    expect(report.repaired).toEqual([{ orderId, cartId: cart.id, paymentId: expect.stringMatching(/^pay_/) }])
    const paid = await collection(collectionId)
    expect(paid.status).toBe("authorized")
    expect(paid.order?.id).toBe(orderId)
    expect(paid.payments.map((payment) => payment.data.orderId)).toEqual([approved.id])
    // Medusa's order reads the collection: payment_status authorised.
    const { data: orders } = await getContainer()
      .resolve(ContainerRegistrationKeys.QUERY)
      .graph({ entity: "order", fields: ["id", "payment_collections.status"], filters: { id: orderId } })
    expect((orders[0] as any).payment_collections.map((entry: any) => entry.status)).toEqual(["authorized"])

    const ledger = await control.ledger()
    expect(ledger.auths.filter((auth) => auth.token === session.data.token)).toHaveLength(1)
    expect(ledger.requests.auth).toBe(2)
    expect(ledger.voids).toEqual([])
    expect((await status(cart.id)).data).toEqual({ status: "completed", order_id: orderId })
    expect((await get(pathAndQuery(back))).headers.location).toBe(`http://storefront.test/order/${orderId}/confirmed`)
    // Nothing left to repair.
    expect((await repairUnpaidOrders(getContainer())).repaired).toEqual([])
  })

  it("crash mid-Auth: the shopper's return finds the unpaid order and gives it its payment before sending the shopper there", async () => {
    const { back, orderId, collectionId, approved } = await orderPlacedWithoutPayment()
    expect((await get(pathAndQuery(back))).headers.location).toBe(`http://storefront.test/order/${orderId}/confirmed`)
    expect((await collection(collectionId)).payments.map((payment) => payment.data.orderId)).toEqual([approved.id])
    expect((await control.ledger()).auths).toHaveLength(1)
  })

  it("crash mid-Auth: reconciliation reports the approval as an order without its payment, repairs it, and never voids it", async () => {
    const { cart, orderId, collectionId, approved } = await orderPlacedWithoutPayment()
    // Past the grace period, with voidOrphanedPayments on (the default).
    const report = await reconcilePayments(getContainer(), { now: new Date(Date.now() + 100 * 60 * 1000) })
    expect(report.orphaned).toEqual([])
    expect(report.unpaidOrders).toEqual([
      expect.objectContaining({ orderId: approved.id, merchantReference: cart.id, medusaOrderId: orderId, repaired: true }),
    ])
    const ledger = await control.ledger()
    expect(ledger.voids).toEqual([])
    expect(ledger.payments.map((payment) => payment.paymentState)).toEqual(["AUTH_APPROVED"])
    expect((await collection(collectionId)).status).toBe("authorized")
  })

  it("crash between authorising and placing the order: the job places the order with the authorised payment, no second Auth", async () => {
    const { cart, session, back } = await confirmedCart()
    // What a completion stopped right after step 2 leaves: the session authorised, the cart open.
    await getContainer().resolve(Modules.PAYMENT).authorizePaymentSession(session.id, {})
    expect(await orderOf(cart.id)).toBeUndefined()
    expect((await status(cart.id)).data).toEqual({ status: "processing" })

    const report = await completePendingCarts(getContainer())
    const orderId = await orderOf(cart.id)
    expect(report.completed).toEqual([{ cartId: cart.id, orderId }])
    expect((await status(cart.id)).data).toEqual({ status: "completed", order_id: orderId })
    expect((await get(pathAndQuery(back))).headers.location).toBe(`http://storefront.test/order/${orderId}/confirmed`)
    const ledger = await control.ledger()
    expect(ledger.auths).toHaveLength(1)
    expect(ledger.requests.auth).toBe(1)
  })

  it("the status route refuses a malformed id and answers 404 for a cart with no pay-later session", async () => {
    const headers = { "x-publishable-api-key": store.publishableKey }
    expect((await api.get("/store/bnpl/carts/cart_%00/status", { headers, validateStatus: () => true })).status).toBe(400)
    const cart = await shopper.createCart({ regionId: store.regions.uk, items: [{ variant_id: store.variants.tote, quantity: 1 }] })
    expect((await status(cart.id)).status).toBe(404)
  })
}
