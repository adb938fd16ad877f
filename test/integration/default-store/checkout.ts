import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createProductCategoriesWorkflow, createPromotionsWorkflow, updateProductsWorkflow } from "@medusajs/medusa/core-flows"
import { BnplClient } from "../../../src/client"
import type { StoreSuite } from "../../support/store-suite"
import type { SeededStore } from "../../support/seed-store"
import { type Shopper, consumerChooses, pathAndQuery, ukAddress } from "../../../harness/shopper"

export default function checkoutTests(suite: StoreSuite): void {
  const { api, getContainer, control } = suite
  let store: SeededStore, shopper: Shopper
  // Both are new for each test (test/support/store-suite.ts).
  beforeEach(() => ({ store, shopper } = suite))

  async function readyCart(regionId: string, address: Record<string, unknown>, quantity = 2) {
    const cart = await shopper.createCart({
      regionId,
      items: [{ variant_id: store.variants.tote, quantity }],
      address,
    })
    return shopper.addShippingMethod(cart.id, store.shippingOptions.standard)
  }

  async function orderForCart(cartId: string) {
    const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
    const { data } = await query.graph({
      entity: "cart",
      fields: ["id", "completed_at", "order.id", "order.total", "order.payment_collections.payments.*"],
      filters: { id: cartId },
    })
    return (data[0] as any)?.order as { id: string; total: number; payment_collections: any[] } | undefined
  }

  it("a UK shopper pays later: checkout, confirm on the service's screens, return, one order", async () => {
    const currency = "GBP"
    const cart = await readyCart(store.regions.uk, ukAddress)
    expect((await shopper.eligibility(cart.id)).eligible).toBe(true)

    const session = await shopper.initiatePaymentSession(cart.id)
    expect(session.data.redirectCheckoutUrl).toMatch(/\/checkout\//)
    expect(session.data).not.toHaveProperty("bnpl_cart")
    expect(session.data).not.toHaveProperty("bnpl_early_checkout")
    expect(JSON.stringify(session.data)).not.toContain("sandbox-uk-secret-key")

    const ledgerAfterInitiate = await control.ledger()
    expect(ledgerAfterInitiate.checkouts).toHaveLength(1)
    const checkout = ledgerAfterInitiate.checkouts[0]
    expect(checkout.request?.amount ?? checkout.amount).toEqual({ amount: Number(cart.total).toFixed(2), currency })
    expect(checkout.request?.merchantReference ?? checkout.merchantReference).toBe(cart.id)

    const back = await consumerChooses(session.data.redirectCheckoutUrl, "confirm")
    expect(back.searchParams.get("status")).toBe("SUCCESS")
    expect(back.searchParams.get("orderToken")).toBe(session.data.token)

    const returned = await api.get(pathAndQuery(back), { maxRedirects: 0, validateStatus: () => true })
    expect(returned.status).toBe(303)
    const order = await orderForCart(cart.id)
    expect(order?.id).toBeDefined()
    expect(returned.headers.location).toBe(`http://storefront.test/order/${order!.id}/confirmed`)

    const payment = order!.payment_collections[0].payments[0]
    expect(payment.provider_id).toBe("pp_bnpl_bnpl")
    expect(payment.data.orderId).toBeDefined()
    expect(Date.parse(payment.data.authorizationExpiresAt) - Date.now()).toBeGreaterThan(12.9 * 24 * 3600 * 1000)

    // The consumer reloads the return page: the same order, no second authorisation.
    const again = await api.get(pathAndQuery(back), { maxRedirects: 0, validateStatus: () => true })
    expect(again.headers.location).toBe(`http://storefront.test/order/${order!.id}/confirmed`)
    const ledger = await control.ledger()
    expect(ledger.payments).toHaveLength(1)
    expect(ledger.payments[0].originalAmount).toEqual({ amount: Number(cart.total).toFixed(2), currency })
  })

  it("the return route hit 20 times at once for one cart places one order and one authorisation", async () => {
    const cart = await readyCart(store.regions.uk, ukAddress)
    const session = await shopper.initiatePaymentSession(cart.id)
    const back = await consumerChooses(session.data.redirectCheckoutUrl, "confirm")
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => api.get(pathAndQuery(back), { maxRedirects: 0, validateStatus: () => true })),
    )
    // Each waits for the cart's lock in turn; one that outlasts the return route's deadline
    // (a loaded machine) is sent to the processing state, never elsewhere, and the order follows.
    let order = await orderForCart(cart.id)
    for (let tries = 0; !order && tries < 120; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 500))
      order = await orderForCart(cart.id)
    }
    expect(order?.id).toBeDefined()
    const locations = new Set(responses.map((response) => response.headers.location))
    for (const location of locations) {
      expect([
        `http://storefront.test/order/${order!.id}/confirmed`,
        "http://storefront.test/checkout?step=payment&bnpl_status=processing",
      ]).toContain(location)
    }
    const ledger = await control.ledger()
    expect(ledger.payments).toHaveLength(1)
    expect(ledger.auths.filter((auth) => auth.status === "APPROVED")).toHaveLength(1)
  })

  it("the checkout carries each line's category path from the top, the shopper's names and the cart's totals", async () => {
    const container = getContainer()
    const {
      result: [home],
    } = await createProductCategoriesWorkflow(container).run({
      input: { product_categories: [{ name: "Home", handle: "bnpl-test-home", is_active: true }] },
    })
    const {
      result: [kitchen],
    } = await createProductCategoriesWorkflow(container).run({
      input: { product_categories: [{ name: "Kitchen", handle: "bnpl-test-kitchen", is_active: true, parent_category_id: home.id }] },
    })
    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    const { data: products } = await query.graph({ entity: "product", fields: ["id"], filters: { handle: "canvas-tote" } })
    await updateProductsWorkflow(container).run({
      input: { selector: { id: products[0].id }, update: { category_ids: [kitchen.id, home.id] } },
    })

    const cart = await readyCart(store.regions.uk, ukAddress, 2)
    const session = await shopper.initiatePaymentSession(cart.id)
    const client = new BnplClient({
      merchantId: "sandbox-uk-merchant",
      secretKey: "sandbox-uk-secret-key",
      baseUrl: process.env.BNPL_BASE_URL!,
    })
    const checkout = await client.getCheckout(session.data.token)
    const [tote] = checkout.items as Array<{ name: string; quantity: number; categories?: string[][] }>
    expect(tote.quantity).toBe(2)
    expect([...(tote.categories ?? [])].sort()).toEqual([["Home"], ["Home", "Kitchen"]])
    expect(checkout.consumer).toMatchObject({ givenNames: "Ada", surname: "Lovelace", email: expect.stringContaining("@") })
    expect(checkout.amount).toEqual({ amount: session.data.amount, currency: "GBP" })
  })

  describe("the cart read at the payment step (runtime/checkout/prepared-snapshots.ts)", () => {
    const client = () =>
      new BnplClient({ merchantId: "sandbox-uk-merchant", secretKey: "sandbox-uk-secret-key", baseUrl: process.env.BNPL_BASE_URL! })
    // The eligibility route reads the cart for the session after it has answered.
    const afterThePaymentStep = async (cartId: string) => {
      expect((await shopper.eligibility(cartId)).eligible).toBe(true)
      await new Promise((resolve) => setTimeout(resolve, 1_000))
    }

    it("an unchanged cart gets one checkout, the session's", async () => {
      const cart = await readyCart(store.regions.uk, ukAddress)
      await afterThePaymentStep(cart.id)
      const session = await shopper.initiatePaymentSession(cart.id)
      const { checkouts } = await control.ledger()
      expect(checkouts.map((checkout) => checkout.token)).toEqual([session.data.token])
    })

    it("a cart changed after it, at the same total, gets the checkout of the cart as it is now", async () => {
      const cart = await readyCart(store.regions.uk, ukAddress)
      await afterThePaymentStep(cart.id)
      const { data } = await api.post(
        `/store/carts/${cart.id}`,
        { shipping_address: { ...ukAddress, address_1: "221B Baker Street" } },
        { headers: { "x-publishable-api-key": store.publishableKey } },
      )
      expect(data.cart.total).toBe(cart.total)
      const session = await shopper.initiatePaymentSession(cart.id)
      const checkout = await client().getCheckout(session.data.token)
      expect(JSON.stringify(checkout.shipping)).toContain("221B Baker Street")
      expect(checkout.amount).toEqual({ amount: session.data.amount, currency: "GBP" })
      // The one made at once from the payment step's read, for the old address, stays unused.
      const { checkouts } = await control.ledger()
      expect(checkouts).toHaveLength(2)
      expect(checkouts.map((made) => made.token)).toContain(session.data.token)
    })
  })

  it("a promotion code reaches the service as a named discount, and the lines add up without an adjustment", async () => {
    await createPromotionsWorkflow(getContainer()).run({
      input: {
        promotionsData: [
          {
            code: "SAVE10",
            type: "standard",
            status: "active",
            application_method: { type: "percentage", target_type: "items", allocation: "across", value: 10 },
          },
        ],
      } as never,
    })
    const cart = await readyCart(store.regions.uk, ukAddress, 3)
    await api.post(
      `/store/carts/${cart.id}/promotions`,
      { promo_codes: ["SAVE10"] },
      { headers: { "x-publishable-api-key": store.publishableKey } },
    )
    const session = await shopper.initiatePaymentSession(cart.id)
    const client = new BnplClient({
      merchantId: "sandbox-uk-merchant",
      secretKey: "sandbox-uk-secret-key",
      baseUrl: process.env.BNPL_BASE_URL!,
    })
    const checkout = await client.getCheckout(session.data.token)
    expect(checkout.discounts).toEqual([{ displayName: "SAVE10", amount: { amount: "13.50", currency: "GBP" } }])
    expect((checkout.items as Array<{ name: string }>).map((item) => item.name)).not.toContain("Adjustment")
    expect(checkout.amount).toEqual({ amount: session.data.amount, currency: "GBP" })
  })

  it("a declined authorisation creates no order and sends the consumer back with a reason", async () => {
    const cart = await readyCart(store.regions.uk, ukAddress)
    const session = await shopper.initiatePaymentSession(cart.id)
    const back = await consumerChooses(session.data.redirectCheckoutUrl, "decline")
    const returned = await api.get(pathAndQuery(back), { maxRedirects: 0, validateStatus: () => true })
    expect(returned.status).toBe(303)
    expect(returned.headers.location).toContain("bnpl_error=declined")
    expect(await orderForCart(cart.id)).toBeFalsy()
  })

  it("a cancelled checkout goes back to the storefront's checkout and creates no order", async () => {
    const cart = await readyCart(store.regions.uk, ukAddress)
    const session = await shopper.initiatePaymentSession(cart.id)
    const back = await consumerChooses(session.data.redirectCheckoutUrl, "cancel")
    expect(back.searchParams.get("status")).toBe("CANCELLED")
    const returned = await api.get(pathAndQuery(back), { maxRedirects: 0, validateStatus: () => true })
    expect(returned.headers.location).toBe("http://storefront.test/checkout?step=payment&bnpl_error=cancelled")
    expect(await orderForCart(cart.id)).toBeFalsy()
    expect((await control.ledger()).payments).toHaveLength(0)
  })

  it("a cart changed after the checkout was made needs a new checkout; the old token places no order", async () => {
    const cart = await readyCart(store.regions.uk, ukAddress)
    const first = await shopper.initiatePaymentSession(cart.id)
    const changed = await shopper.addItem(cart.id, store.variants.tote, 1)
    expect(Number(changed.total)).toBeGreaterThan(Number(cart.total))

    // The consumer finishes the stale checkout: its token is no longer the cart's.
    const staleBack = await consumerChooses(first.data.redirectCheckoutUrl, "confirm")
    const stale = await api.get(pathAndQuery(staleBack), { maxRedirects: 0, validateStatus: () => true })
    expect(stale.headers.location).toContain("bnpl_error=invalid_return")
    expect(await orderForCart(cart.id)).toBeFalsy()

    const second = await shopper.initiatePaymentSession(cart.id)
    expect(second.data.token).not.toBe(first.data.token)
    expect(second.data.amount).toBe(Number(changed.total).toFixed(2))
    const back = await consumerChooses(second.data.redirectCheckoutUrl, "confirm")
    await api.get(pathAndQuery(back), { maxRedirects: 0, validateStatus: () => true })
    const order = await orderForCart(cart.id)
    expect(Number(order?.total)).toBe(Number(changed.total))
    expect((await control.ledger()).payments).toHaveLength(1)
  })

  it("hides pay later outside the limits and refuses to start a checkout there", async () => {
    const cheap = await shopper.createCart({
      regionId: store.regions.uk,
      items: [{ variant_id: store.variants.teaTowel, quantity: 1 }],
      address: ukAddress,
    })
    expect(await shopper.eligibility(cheap.id)).toEqual({
      eligible: false,
      reason: "below_minimum",
      minimumAmount: "1.00",
      maximumAmount: "1000.00",
      currency: "GBP",
    })
    const refusedCheap = await shopper.initiatePaymentSession(cheap.id).catch((error) => error.response)
    expect(refusedCheap.status).toBeGreaterThanOrEqual(400)
    expect(refusedCheap.status).toBeLessThan(500)
    expect(refusedCheap.data.message).toContain("below the minimum of 1.00 GBP")

    const dear = await shopper.createCart({
      regionId: store.regions.uk,
      items: [{ variant_id: store.variants.sofa, quantity: 1 }],
      address: ukAddress,
    })
    expect((await shopper.eligibility(dear.id)).reason).toBe("above_maximum")
    const refusedDear = await shopper.initiatePaymentSession(dear.id).catch((error) => error.response)
    expect(refusedDear.status).toBeLessThan(500)
    expect(refusedDear.data.message).toContain("above the maximum of 1000.00 GBP")
    expect((await control.ledger()).checkouts).toHaveLength(0)
  })

  it("ignores the data a storefront sends and builds the checkout from the cart", async () => {
    const cart = await readyCart(store.regions.uk, ukAddress)
    const session = await shopper.initiatePaymentSession(cart.id, "pp_bnpl_bnpl", {
      bnpl_cart: { cartId: cart.id, total: "0.01", items: [], discounts: [], currencyCode: "gbp" },
      amount: "0.01",
    })
    expect(session.data.amount).toBe(Number(cart.total).toFixed(2))
  })
}
