import { createProductCategoriesWorkflow, updateProductsWorkflow } from "@medusajs/medusa/core-flows"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { fetchLimits, payLaterMessage } from "../../src/storefront"
import { consumerChooses, pathAndQuery, ukAddress } from "../../harness/shopper"
import { describeStore } from "../support/store-suite"
import { editOrderAddingItem, owedCollection, placeCapturedSystemOrder } from "../support/order-edit"

jest.setTimeout(180_000)

// The merchant's contract forbids gift cards: the category "Gifts" is excluded, and with it
// every category under it (test/integration/store/medusa-config.js reads BNPL_EXCLUSIONS).
const GIFTS = "pcat_testgifts"

/** Issue 32, item 1: "Exclusions". */
describeStore({ BNPL_EXCLUSIONS: JSON.stringify({ categoryIds: [GIFTS] }) }, (suite) => {
  const { api, getContainer, control } = suite

  /** Moves the Canvas Tote into "Gifts > Gift cards"; answers its product id and the tea towel's. */
  async function toteBecomesAGiftCard(): Promise<{ toteId: string; towelId: string }> {
    const container = getContainer()
    await createProductCategoriesWorkflow(container).run({
      input: { product_categories: [{ id: GIFTS, name: "Gifts", handle: "gifts", is_active: true } as never] },
    })
    const {
      result: [giftCards],
    } = await createProductCategoriesWorkflow(container).run({
      input: { product_categories: [{ name: "Gift cards", handle: "gift-cards", is_active: true, parent_category_id: GIFTS }] },
    })
    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    const { data: products } = await query.graph({
      entity: "product",
      fields: ["id", "handle"],
      filters: { handle: ["canvas-tote", "tea-towel"] },
    })
    const idOf = (handle: string) => (products as Array<{ id: string; handle: string }>).find((product) => product.handle === handle)!.id
    await updateProductsWorkflow(container).run({
      input: { selector: { id: idOf("canvas-tote") }, update: { category_ids: [giftCards.id] } },
    })
    return { toteId: idOf("canvas-tote"), towelId: idOf("tea-towel") }
  }

  it("a cart with a product of an excluded category's descendant is not eligible, names it, and its session and express start are refused", async () => {
    const { store, shopper } = suite
    const { toteId } = await toteBecomesAGiftCard()
    const cart = await shopper.createCart({
      regionId: store.regions.uk,
      items: [
        { variant_id: store.variants.tote, quantity: 1 },
        { variant_id: store.variants.teaTowel, quantity: 4 },
      ],
      address: ukAddress,
    })

    expect(await shopper.eligibility(cart.id)).toEqual({
      eligible: false,
      reason: "excluded_items",
      excludedItems: [{ id: expect.stringMatching(/^cali_/), title: "Canvas Tote", product_id: toteId }],
      minimumAmount: "1.00",
      maximumAmount: "1000.00",
      currency: "GBP",
    })

    await shopper.addShippingMethod(cart.id, store.shippingOptions.standard)
    const refused = await shopper.initiatePaymentSession(cart.id).catch((error) => error.response)
    expect(refused.status).toBe(400)
    expect(refused.data).toMatchObject({
      code: "excluded_items",
      message: 'Pay later is not available for "Canvas Tote" in your basket. Please remove it or choose another payment method.',
    })

    const express = await api.post(
      `/store/bnpl/carts/${cart.id}/express`,
      {},
      {
        headers: { "x-publishable-api-key": store.publishableKey, origin: "http://storefront.test" },
        validateStatus: () => true,
      },
    )
    expect(express.status).toBe(422)
    expect(express.data).toMatchObject({ reason: "excluded_items", message: expect.stringContaining('"Canvas Tote"') })
    // Nothing reached the service: no checkout was made for the cart.
    expect((await control.ledger()).checkouts).toEqual([])
  })

  it("an order holding an excluded product: the difference of its edit is refused for pay later, naming it, and nothing reaches the service", async () => {
    const { store, admin } = suite
    await toteBecomesAGiftCard()
    const { orderId } = await placeCapturedSystemOrder(api, store, admin)
    await editOrderAddingItem(api, admin, orderId, store.variants.teaTowel, 4)
    const owed = await owedCollection(getContainer(), orderId)
    const refused = await api.post(
      `/store/payment-collections/${owed.id}/payment-sessions`,
      { provider_id: "pp_bnpl_bnpl" },
      {
        headers: { "x-publishable-api-key": store.publishableKey },
        validateStatus: () => true,
      },
    )
    expect(refused.status).toBe(400)
    expect(refused.data).toMatchObject({ code: "excluded_items", message: expect.stringContaining('"Canvas Tote"') })
    expect((await control.ledger()).checkouts).toEqual([])
  })

  it("the limits route with the excluded product answers excluded_items, and the kit shows no message for its page", async () => {
    const { store } = suite
    const { toteId, towelId } = await toteBecomesAGiftCard()
    const headers = { "x-publishable-api-key": store.publishableKey }

    const excluded = await api.get(`/store/bnpl/limits?currency_code=gbp&amount=45&product_id=${toteId}`, { headers })
    expect(excluded.data).toEqual({
      eligible: false,
      reason: "excluded_items",
      minimumAmount: "1.00",
      maximumAmount: "1000.00",
      currency: "GBP",
      amount: "45.00",
    })
    // A change of the exclusions shows within a minute.
    expect(excluded.headers["cache-control"]).toBe("public, max-age=60")
    const offered = await api.get(`/store/bnpl/limits?currency_code=gbp&amount=2&product_id=${towelId}`, { headers })
    expect(offered.data).toMatchObject({ eligible: true, amount: "2.00" })

    const kit = { baseUrl: api.defaults.baseURL!, publishableKey: store.publishableKey }
    const limits = await fetchLimits(kit, { currencyCode: "gbp", productId: toteId })
    expect(payLaterMessage(45, "gbp", limits, { outside: "hide" })).toEqual({ show: false, reason: "excluded_items" })
    expect(payLaterMessage(2, "gbp", await fetchLimits(kit, { currencyCode: "gbp", productId: towelId }))).toMatchObject({
      show: true,
      eligible: true,
    })

    const unknown = await api.get("/store/bnpl/limits?currency_code=gbp&product_id=prod_nosuchproduct", {
      headers,
      validateStatus: () => true,
    })
    expect(unknown.status).toBe(404)
    expect(unknown.data.message).toBe("No product has that product_id.")
    const malformed = await api.get("/store/bnpl/limits?currency_code=gbp&product_id=%3Cscript%3E", { headers, validateStatus: () => true })
    expect(malformed.status).toBe(400)
    expect(malformed.data.message).toMatch(
      /^product_id must be a product id \(prod_ followed by letters and digits\): GET \/store\/bnpl\/limits/,
    )
  })

  it("a cart without excluded goods is unchanged: eligible, and its checkout is made", async () => {
    const { store, shopper } = suite
    await toteBecomesAGiftCard()
    const cart = await shopper.createCart({
      regionId: store.regions.uk,
      items: [{ variant_id: store.variants.teaTowel, quantity: 4 }],
      address: ukAddress,
    })
    expect(await shopper.eligibility(cart.id)).toEqual({ eligible: true, minimumAmount: "1.00", maximumAmount: "1000.00", currency: "GBP" })
    await shopper.addShippingMethod(cart.id, store.shippingOptions.standard)
    const session = await shopper.initiatePaymentSession(cart.id)
    expect(session.data.redirectCheckoutUrl).toMatch(/^http/)
    expect((await control.ledger()).checkouts).toHaveLength(1)
  })

  it("an excluded product swapped in at the same total after approval, express and standard: refused, nothing authorised, no order", async () => {
    const { store, shopper } = suite
    await toteBecomesAGiftCard()
    const headers = {
      headers: { "x-publishable-api-key": store.publishableKey, origin: "http://storefront.test" },
      validateStatus: () => true,
    }
    const swapInTheTote = async (cartId: string) => {
      const { data } = await api.post(`/store/carts/${cartId}/line-items`, { variant_id: store.variants.tote, quantity: 1 }, headers)
      const towels = (data.cart.items as Array<{ id: string; variant_id: string }>).find(
        (line) => line.variant_id === store.variants.teaTowel,
      )!
      await api.delete(`/store/carts/${cartId}/line-items/${towels.id}`, headers)
    }

    // Express: 90 tea towels (45.00) approved in the popup, then the gift card (45.00) in their place.
    const { data: created } = await api.post(
      "/store/carts",
      { region_id: store.regions.uk, items: [{ variant_id: store.variants.teaTowel, quantity: 90 }] },
      headers,
    )
    const cartId = created.cart.id as string
    const started = await api.post(`/store/bnpl/carts/${cartId}/express`, {}, headers)
    const [london] = await control.expressAddresses()
    const options = await api.post(`/store/bnpl/carts/${cartId}/express/shipping-options`, london.address, headers)
    await control.confirmExpress(started.data.token, {
      address: london.address,
      email: london.email,
      option: options.data.shipping_options[0],
    })
    await swapInTheTote(cartId)
    const completed = await api.post(`/store/bnpl/carts/${cartId}/express/complete`, { orderToken: started.data.token }, headers)
    expect(completed.status).toBeGreaterThanOrEqual(400)
    expect(["excluded_items", "cart_changed"]).toContain(completed.data.reason)

    // Standard: the same swap after the consumer confirmed on the service's screens.
    const cart = await shopper.createCart({
      regionId: store.regions.uk,
      items: [{ variant_id: store.variants.teaTowel, quantity: 90 }],
      address: ukAddress,
    })
    await shopper.addShippingMethod(cart.id, store.shippingOptions.standard)
    const session = await shopper.initiatePaymentSession(cart.id)
    const back = await consumerChooses(session.data.redirectCheckoutUrl, "confirm")
    await swapInTheTote(cart.id)
    const returned = await api.get(pathAndQuery(back), { maxRedirects: 0, validateStatus: () => true })
    expect(returned.headers.location).toMatch(/bnpl_error=(invalid_return|cart_changed|excluded_items)/)
    const standardComplete = await api.post(`/store/carts/${cart.id}/complete`, {}, headers)
    expect(standardComplete.data.type).not.toBe("order")

    expect((await control.ledger()).auths).toHaveLength(0)
    const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
    const { data: carts } = await query.graph({ entity: "cart", fields: ["id", "order.id"], filters: { id: [cartId, cart.id] } })
    expect((carts as Array<{ order?: unknown }>).filter((one) => one.order)).toEqual([])
  })
})
