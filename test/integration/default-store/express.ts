import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { completePendingCarts } from "../../../src/operations/pending-completions"
import { expressFlow } from "../../support/express-flow"
import type { SeededStore } from "../../support/seed-store"
import type { StoreSuite } from "../../support/store-suite"

const UK_MERCHANT = "sandbox-uk-merchant"

/**
 * Issue 31 "Express checkout": the plugin's three express routes on a real store, the
 * sandbox's popup driven through its control API (what the popup's Confirm records), and the
 * background job driven by hand as the scheduler would each minute.
 */
export default function expressTests(suite: StoreSuite): void {
  const { api, getContainer, control } = suite
  let store: SeededStore
  beforeEach(() => {
    store = suite.store
  })
  const flow = () => expressFlow(api, store, store.regions.uk)

  async function orderOf(cartId: string) {
    const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
    const { data } = await query.graph({
      entity: "cart",
      fields: [
        "id",
        "order.id",
        "order.email",
        "order.total",
        "order.shipping_address.*",
        "order.shipping_methods.name",
        "order.shipping_methods.shipping_option_id",
        "order.payment_collections.payments.data",
      ],
      filters: { id: cartId },
    })
    return (data[0] as any)?.order as Record<string, any> | undefined
  }

  /**
   * A cart of one tote whose express checkout the consumer confirmed in the popup with the
   * preset address `addressIndex` and the cheapest option the store answered for it.
   */
  async function confirmedExpress(addressIndex = 0) {
    const express = flow()
    const cartId = await express.cart(1)
    const started = await express.start()
    const preset = (await control.expressAddresses())[addressIndex]
    const options = await express.shippingOptions(preset.address)
    const option = options.data.shipping_options[0]
    await control.confirmExpress(started.data.token, { address: preset.address, email: preset.email, option })
    return { express, cartId, token: started.data.token as string, preset, option }
  }

  it("start -> shipping options -> confirm -> complete: the order has the popup's address, e-mail and shipping method, and one Auth of its total", async () => {
    const express = flow()
    const cartId = await express.cart(2)
    const [london, , , newYork] = await control.expressAddresses()

    // Another site cannot open the store's checkout: nothing is created.
    const foreign = await express.start({ origin: "https://evil.example" })
    expect(foreign.status).toBe(403)
    expect(foreign.data).toMatchObject({ type: "forbidden", reason: "origin_not_allowed" })
    expect((await control.ledger()).checkouts).toHaveLength(0)

    const started = await express.start()
    expect(started.status).toBe(200)
    expect(started.data).toEqual({ token: expect.any(String), expires: expect.any(String), provider_id: "pp_bnpl_bnpl" })
    const [checkout] = (await control.ledger()).checkouts
    expect(checkout).toMatchObject({ token: started.data.token, amount: { amount: "90.00", currency: "GBP" }, merchantReference: cartId })

    // A country the region does not serve: rejected, the cart unchanged.
    expect((await express.shippingOptions(newYork.address)).data).toEqual({ rejection: "SHIPPING_ADDRESS_UNSUPPORTED" })

    const began = Date.now()
    const options = await express.shippingOptions(london.address)
    if (process.env.BNPL_EXPRESS_TIMING) process.stderr.write(`express shipping-options: ${Date.now() - began} ms\n`)
    expect(options.status).toBe(200)
    expect(options.data.shipping_options).toEqual([
      expect.objectContaining({
        id: store.shippingOptions.standard,
        name: "Standard Shipping",
        shippingAmount: { amount: "4.95", currency: "GBP" },
        orderAmount: { amount: "94.95", currency: "GBP" },
      }),
      expect.objectContaining({
        id: store.shippingOptions.express,
        name: "Express Shipping",
        shippingAmount: { amount: "9.95", currency: "GBP" },
        orderAmount: { amount: "99.95", currency: "GBP" },
      }),
    ])
    const dearer = options.data.shipping_options[1]
    await control.confirmExpress(started.data.token, { address: london.address, email: london.email, option: dearer })

    const completed = await express.complete(started.data.token)
    expect(completed.status).toBe(200)
    const order = await orderOf(cartId)
    expect(completed.data).toEqual({ order_id: order!.id })
    expect(order).toMatchObject({
      email: london.email,
      shipping_address: {
        address_1: "221B Baker Street",
        city: "London",
        postal_code: "NW1 6XE",
        country_code: "gb",
        first_name: "Alice",
        last_name: "Example",
      },
      shipping_methods: [{ name: "Express Shipping", shipping_option_id: store.shippingOptions.express }],
    })
    expect(Number(order!.total).toFixed(2)).toBe(dearer.orderAmount.amount)
    const ledger = await control.ledger()
    expect(ledger.auths).toHaveLength(1)
    expect(ledger.auths[0]).toMatchObject({
      token: started.data.token,
      status: "APPROVED",
      amount: { amount: Number(order!.total).toFixed(2), currency: "GBP" },
    })
    expect(order!.payment_collections[0].payments[0].data).toMatchObject({ express: "approved", orderId: ledger.payments[0].id })

    // Asking again answers the same order; a token that is not the cart's answers none.
    expect((await express.complete(started.data.token)).data).toEqual({ order_id: order!.id })
    expect((await express.complete("not-this-carts-token")).data).toMatchObject({ reason: "invalid_return" })
    expect((await control.ledger()).auths).toHaveLength(1)
  })

  it("an option whose total is above the account's maximum is not offered; bad input is refused naming the field, changing nothing", async () => {
    await control.setLimits(UK_MERCHANT, "1.00", "97.00")
    await api.post("/admin/bnpl/configuration/refresh", {}, suite.admin)
    const express = flow()
    const cartId = await express.cart(2)
    await express.start()
    const [london] = await control.expressAddresses()

    const refused = await express.shippingOptions({ ...london.address, countryCode: "GBR" })
    expect(refused.status).toBe(400)
    expect(refused.data.message).toMatch(/countryCode must be a two-letter ISO 3166-1 country code/)
    const withoutLine = await express.shippingOptions({ countryCode: "GB" })
    expect(withoutLine.data.message).toMatch(/address1 is required/)
    const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
    // Medusa gives a cart of a one-country region an address with that country only.
    const { data } = await query.graph({ entity: "cart", fields: ["shipping_address.address_1"], filters: { id: cartId } })
    expect((data[0] as any).shipping_address?.address_1 ?? null).toBeNull()

    const options = await express.shippingOptions(london.address)
    expect(options.data.shipping_options.map((option: any) => [option.id, option.orderAmount.amount])).toEqual([
      [store.shippingOptions.standard, "94.95"],
    ])
  })

  it("Medusa's own routes neither set a popup origin nor complete an express cart without the popup's choices", async () => {
    const express = flow()
    const cartId = await express.cart(1)
    const headers = express.headers()
    // A stranger's data on Medusa's public payment-session route is thrown away (the plugin's middleware).
    const { data: created } = await api.post("/store/payment-collections", { cart_id: cartId }, headers)
    await api.post(
      `/store/payment-collections/${created.payment_collection.id}/payment-sessions`,
      { provider_id: "pp_bnpl_bnpl", data: { bnpl_express: { popupOriginUrl: "https://evil.example" } } },
      headers,
    )
    expect((await control.ledger()).checkouts.filter((checkout) => checkout.mode === "express")).toEqual([])

    const started = await express.start()
    const [london] = await control.expressAddresses()
    const options = await express.shippingOptions(london.address)
    await control.confirmExpress(started.data.token, {
      address: london.address,
      email: london.email,
      option: options.data.shipping_options[0],
    })
    // Medusa's cart complete: the express session cannot be authorised as the cart stands.
    const completed = await api.post(`/store/carts/${cartId}/complete`, {}, headers)
    expect(completed.data.type === "order").toBe(false)
    expect((await control.ledger()).auths).toHaveLength(0)
    expect((await express.complete(started.data.token)).data).toEqual({ order_id: expect.stringMatching(/^order_/) })
  })

  it("with tax on items and shipping (20% in GB), each option's orderAmount is exactly the order's total with it", async () => {
    const taxModule = getContainer().resolve(Modules.TAX)
    const [gb] = await taxModule.listTaxRegions({ country_code: "gb" })
    await taxModule.createTaxRates({ tax_region_id: gb.id, name: "VAT", code: "VAT", rate: 20, is_default: true })
    const { express, cartId, token, option } = await confirmedExpress()
    expect(option).toMatchObject({
      shippingAmount: { amount: "4.95", currency: "GBP" },
      taxAmount: { amount: "9.99", currency: "GBP" },
      orderAmount: { amount: "59.94", currency: "GBP" },
    })
    const completed = await express.complete(token)
    expect(completed.status).toBe(200)
    const order = await orderOf(cartId)
    expect(Number(order!.total).toFixed(2)).toBe("59.94")
    expect((await control.ledger()).auths.map((auth) => auth.amount)).toEqual([{ amount: "59.94", currency: "GBP" }])
  })

  it("the cart changed after the consumer approved: amount_changed, nothing authorised, no order", async () => {
    const { express, cartId, token } = await confirmedExpress()
    // Another tab adds an item.
    await api.post(`/store/carts/${cartId}/line-items`, { variant_id: store.variants.tote, quantity: 1 }, express.headers())
    const completed = await express.complete(token)
    expect(completed.status).toBeGreaterThanOrEqual(400)
    expect(completed.data).toMatchObject({ reason: "amount_changed" })
    expect((await control.ledger()).auths).toHaveLength(0)
    expect(await orderOf(cartId)).toBeUndefined()
    // The job gives it up too: still no Auth.
    await completePendingCarts(getContainer())
    expect((await control.ledger()).auths).toHaveLength(0)
    expect(await orderOf(cartId)).toBeUndefined()
  })

  /** The cart's line items as Medusa keeps them (id, variant, quantity). */
  async function linesOf(cartId: string) {
    const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
    const { data } = await query.graph({
      entity: "cart",
      fields: ["items.id", "items.variant_id", "items.quantity"],
      filters: { id: cartId },
    })
    return ((data[0] as any)?.items ?? []) as Array<{ id: string; variant_id: string; quantity: number }>
  }

  it("goods swapped at the same total after approval (Medusa deleting the session meanwhile): cart_changed, nothing authorised, no order", async () => {
    const { express, cartId, token } = await confirmedExpress()
    const [tote] = await linesOf(cartId)
    // 90 tea towels at 0.50 for the 45.00 tote, through the store's own cart routes: the total
    // changes twice on the way, so Medusa deletes the express session, and ends where it was.
    await api.post(`/store/carts/${cartId}/line-items`, { variant_id: store.variants.teaTowel, quantity: 90 }, express.headers())
    await api.delete(`/store/carts/${cartId}/line-items/${tote.id}`, express.headers())
    expect((await linesOf(cartId)).map((line) => [line.variant_id, line.quantity])).toEqual([[store.variants.teaTowel, 90]])

    const completed = await express.complete(token)
    expect(completed.status).toBeGreaterThanOrEqual(400)
    expect(completed.data).toMatchObject({ reason: "cart_changed" })
    await completePendingCarts(getContainer(), new Date(Date.now() + 2 * 60_000))
    expect((await control.ledger()).auths).toHaveLength(0)
    expect(await orderOf(cartId)).toBeUndefined()
  })

  it("the popup confirms an option the store never offered, above the account's maximum: not_eligible, nothing authorised, no order", async () => {
    // The tote (45.00) starts inside the limits; with standard shipping (49.95) it is above them.
    await control.setLimits(UK_MERCHANT, "1.00", "47.00")
    await api.post("/admin/bnpl/configuration/refresh", {}, suite.admin)
    const express = flow()
    const cartId = await express.cart(1)
    const started = await express.start()
    const [london] = await control.expressAddresses()
    expect((await express.shippingOptions(london.address)).data.shipping_options ?? []).toEqual([])
    const money = (amount: string) => ({ amount, currency: "GBP" })
    const option = {
      id: store.shippingOptions.standard,
      name: "Standard Shipping",
      shippingAmount: money("4.95"),
      taxAmount: money("0.00"),
      orderAmount: money("49.95"),
    }
    await control.confirmExpress(started.data.token, { address: london.address, email: london.email, option })

    const completed = await express.complete(started.data.token)
    expect(completed.status).toBeGreaterThanOrEqual(400)
    expect(completed.data).toMatchObject({ reason: "not_eligible" })
    expect((await control.ledger()).auths).toHaveLength(0)
    expect(await orderOf(cartId)).toBeUndefined()
  })

  it("a token the service never issued: invalid_return, no call for it, and the cart's status is what it was", async () => {
    const { express, cartId, token } = await confirmedExpress()
    const storeKey = { headers: { "x-publishable-api-key": store.publishableKey }, validateStatus: () => true }
    const before = (await api.get(`/store/bnpl/carts/${cartId}/status`, storeKey)).data
    const stray = await express.complete("001.strayTokenNeverIssued00000")
    expect(stray.status).toBeGreaterThanOrEqual(400)
    expect(stray.data).toMatchObject({ reason: "invalid_return" })
    expect((await api.get(`/store/bnpl/carts/${cartId}/status`, storeKey)).data).toEqual(before)
    expect((await control.ledger()).auths).toHaveLength(0)
    // The cart's own token still completes it.
    expect((await express.complete(token)).data).toEqual({ order_id: expect.stringMatching(/^order_/) })
  })

  it("the popup closed after the consumer confirmed: the completion job places the order with the popup's choices", async () => {
    const express = flow()
    const cartId = await express.cart(1)
    const started = await express.start()
    const [, manchester] = await control.expressAddresses()
    const options = await express.shippingOptions(manchester.address)
    // Before the consumer confirms, the job waits (no Auth).
    expect((await completePendingCarts(getContainer())).completed).toEqual([])
    await control.confirmExpress(started.data.token, {
      address: manchester.address,
      email: manchester.email,
      option: options.data.shipping_options[0],
    })

    const report = await completePendingCarts(getContainer(), new Date(Date.now() + 2 * 60_000))
    const order = await orderOf(cartId)
    expect(report.completed).toEqual([{ cartId, orderId: order!.id }])
    expect(order).toMatchObject({
      email: manchester.email,
      shipping_address: { country_code: "gb", postal_code: manchester.address.postcode },
    })
    expect(order!.shipping_methods).toEqual([expect.objectContaining({ shipping_option_id: options.data.shipping_options[0].id })])
    const ledger = await control.ledger()
    expect(ledger.auths).toHaveLength(1)
    expect(ledger.auths[0].amount).toEqual({ amount: Number(order!.total).toFixed(2), currency: "GBP" })
    // The page's answer arriving late lands on the same order.
    expect((await express.complete(started.data.token)).data).toEqual({ order_id: order!.id })
  })

  it.each([
    ["lost answer", { kind: "lost_response" }],
    ["5xx", { kind: "status", status: 503 }],
    ["reset", { kind: "reset" }],
  ])("Auth fault (%s) on every try: the shopper is told, and the job leaves one approval and one order", async (_name, fault) => {
    const { express, cartId, token } = await confirmedExpress()
    await control.fault({ endpoint: "auth", times: 3, ...fault })
    const first = await express.complete(token)
    if (first.status !== 200) expect(first.data).toMatchObject({ reason: expect.stringMatching(/payment_failed|processing|unavailable/) })
    await control.clearFaults()

    await completePendingCarts(getContainer(), new Date(Date.now() + 2 * 60_000))
    const order = await orderOf(cartId)
    expect(order).toBeDefined()
    const ledger = await control.ledger()
    expect(ledger.payments.filter((payment) => payment.token === token)).toHaveLength(1)
    expect(ledger.payments[0].originalAmount).toEqual({ amount: Number(order!.total).toFixed(2), currency: "GBP" })
    expect((await express.complete(token)).data).toEqual({ order_id: order!.id })
  })
}
