import { ContainerRegistrationKeys, ProductStatus } from "@medusajs/framework/utils"
import { createProductsWorkflow, createShippingOptionsWorkflow } from "@medusajs/medusa/core-flows"
import path from "node:path"
import { BnplClient } from "../../../src/client"
import { adminHeaders } from "../../support/admin"
import { eventually, placeOrder, readPayment } from "../../support/place-order"
import type { StoreSuite } from "../../support/store-suite"
import type { SeededStore } from "../../support/seed-store"
import { type Shopper, consumerChooses, pathAndQuery, ukAddress } from "../../../harness/shopper"

// Medusa's own file-route loader (not exported by name), so the walk sees the routes as Medusa registers them.
const { RoutesLoader } = require(path.join(path.dirname(require.resolve("@medusajs/framework/http")), "routes-loader.js")) as {
  RoutesLoader: new () => { scanDir(dir: string): Promise<void>; getRoutes(): Array<{ method: string; matcher: string }> }
}

const UNKNOWN_CART = "cart_01ZZZZZZZZZZZZZZZZZZZZZZZZ"
const GENERIC_FAILURE = "http://storefront.test/checkout?step=payment&bnpl_error=invalid_return"

// What an attacker with only the publishable key (or nothing) can put in a field.
const HOSTILE_VALUES: Array<[string, string]> = [
  ["operator $ne", "[$ne]=x"],
  ["operator $like", "[$like]=cart_%25"],
  ["operator $gt", "[$gt]="],
  ["array", "[]=a&FIELD[]=b"],
  ["object", "[id]=cart_01ZZZZZZZZZZZZZZZZZZZZZZZZ"],
  ["NUL byte", "=cart_%00"],
  ["very long", `=${"A".repeat(20_000)}`],
  ["unicode", "=%F0%9F%A7%BA%E2%80%AE"],
]

/**
 * What the store logs through Medusa's logger until `stop()`, as "<level> <message>" lines.
 * The provider, routes and subscribers all hold the one logger the container gives, so its
 * methods are watched where every caller reaches them.
 */
function captureLogs(logger: Record<string, unknown>): { lines: string[]; stop: () => void } {
  const lines: string[] = []
  const restores = (["info", "warn", "error"] as const).map((level) => {
    const original = logger[level] as (...args: unknown[]) => unknown
    logger[level] = (...args: unknown[]) => {
      lines.push(`${level} ${args.map(String).join(" ")}`)
      return original.apply(logger, args)
    }
    return () => (logger[level] = original)
  })
  return {
    lines,
    stop: () => {
      for (const restore of restores) restore()
    },
  }
}

export default function securityTests(suite: StoreSuite): void {
  const { api, getContainer, control } = suite
  let store: SeededStore, shopper: Shopper
  // Both are new for each test (test/support/store-suite.ts).
  beforeEach(() => ({ store, shopper } = suite))

  const get = (url: string, headers: Record<string, string> = {}) => api.get(url, { maxRedirects: 0, validateStatus: () => true, headers })

  async function orderCount(): Promise<number> {
    const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
    const { data } = await query.graph({ entity: "order", fields: ["id"] })
    return data.length
  }

  async function approvedCart(extraItems: Array<{ variant_id: string; quantity: number }> = []) {
    const cart = await shopper.createCart({
      regionId: store.regions.uk,
      items: [{ variant_id: store.variants.tote, quantity: 2 }, ...extraItems],
      address: ukAddress,
    })
    await shopper.addShippingMethod(cart.id, store.shippingOptions.standard)
    const session = await shopper.initiatePaymentSession(cart.id)
    const back = await consumerChooses(session.data.redirectCheckoutUrl, "confirm")
    return { cart, session, back }
  }

  it("the return route answers operators, arrays, NUL bytes and a wrong token for a real order exactly as an unknown cart", async () => {
    const order = await placeOrder(api, getContainer(), store)
    const before = await orderCount()
    const unknown = await get(`/bnpl/return?cart_id=${UNKNOWN_CART}&orderToken=anything&status=SUCCESS`)
    expect(unknown.status).toBe(303)
    expect(unknown.headers.location).toBe(GENERIC_FAILURE)

    const attempts = [
      "/bnpl/return?cart_id[$ne]=x&orderToken=anything",
      "/bnpl/return?cart_id[$ne]=x&orderToken=anything&status=SUCCESS",
      "/bnpl/return?cart_id[$like]=cart_%25&orderToken=x&status=SUCCESS",
      "/bnpl/return?cart_id[]=a&orderToken=x",
      `/bnpl/return?cart_id[]=${order.cartId}&orderToken=x&status=SUCCESS`,
      "/bnpl/return?cart_id=cart_%00&orderToken=x",
      `/bnpl/return?cart_id=${order.cartId}%00&orderToken=x`,
      `/bnpl/return?cart_id=${order.cartId}&orderToken=wrong&status=SUCCESS`,
      `/bnpl/return?cart_id=${order.cartId}&orderToken[$ne]=x&status=SUCCESS`,
      `/bnpl/return?cart_id=${order.cartId}&status=SUCCESS`,
      "/bnpl/return",
    ]
    for (const attempt of attempts) {
      const answer = await get(attempt)
      expect({ attempt, status: answer.status, location: answer.headers.location }).toEqual({
        attempt,
        status: 303,
        location: GENERIC_FAILURE,
      })
      expect(String(answer.headers.location)).not.toContain("order_")
    }
    expect(await orderCount()).toBe(before)
    expect((await control.ledger()).auths).toHaveLength(1)
  })

  it("every route the plugin registers refuses hostile query and body values with a 4xx, never a 5xx or another cart's id", async () => {
    const victim = await placeOrder(api, getContainer(), store)
    // The attacker's own cart fills every `:id`: the victim's ids must never come back.
    const own = await shopper.createCart({ regionId: store.regions.uk, items: [{ variant_id: store.variants.tote, quantity: 1 }] })
    // The routes as Medusa itself loads them from the installed plugin, plus Medusa's own
    // routes the plugin adds middleware to.
    const loader = new RoutesLoader()
    const apiDir = path.join(__dirname, "../store/node_modules/medusa-payment-bnpl/.medusa/server/src/api")
    await loader.scanDir(apiDir)
    const middlewares = require(path.join(apiDir, "middlewares.js")).default as {
      routes: Array<{ matcher: string; method?: string[] }>
    }
    const routes = [
      ...loader.getRoutes().map((route) => ({ method: route.method, matcher: route.matcher })),
      ...middlewares.routes.flatMap((route) => (route.method ?? ["GET"]).map((method) => ({ method, matcher: route.matcher }))),
    ]
    expect(routes.map((route) => `${route.method} ${route.matcher}`)).toEqual(
      expect.arrayContaining(["GET /bnpl/return", "GET /store/bnpl/eligibility", "GET /admin/bnpl/status"]),
    )

    const admin = await adminHeaders(getContainer())
    const headersFor = (matcher: string): Record<string, string> =>
      matcher.startsWith("/admin") ? admin.headers : matcher.startsWith("/store") ? { "x-publishable-api-key": store.publishableKey } : {}
    const fields = ["cart_id", "orderToken", "status", "id", "provider_id", "amount"]
    const failures: string[] = []
    let requests = 0
    for (const route of routes) {
      const url = route.matcher.replace(/:(\w+)/g, (_match: string, name: string) => (name === "id" ? own.id : "x"))
      for (const field of fields) {
        for (const [label, value] of HOSTILE_VALUES) {
          const query = `${field}${value.replace(/FIELD/g, field)}`
          const target = `${url}?${query}`
          const body = { [field]: label === "object" ? { $ne: "x" } : label === "array" ? ["a", "b"] : value, provider_id: { $ne: 1 } }
          const answer =
            route.method === "GET"
              ? await get(target, headersFor(route.matcher))
              : await api.post(target, body, { maxRedirects: 0, validateStatus: () => true, headers: headersFor(route.matcher) })
          requests++
          const seen = `${answer.headers.location ?? ""} ${JSON.stringify(answer.data)}`
          if (answer.status >= 500) failures.push(`${route.method} ${target.slice(0, 120)}: ${answer.status}`)
          // An admin may read any order; the store and the public routes must never show the victim's.
          if (!route.matcher.startsWith("/admin") && (seen.includes(victim.orderId) || seen.includes(victim.cartId))) {
            failures.push(`${route.method} ${target.slice(0, 120)}: leaked another shopper's id`)
          }
        }
      }
    }
    expect(requests).toBeGreaterThan(200)
    expect(failures).toEqual([])
  })

  it("the eligibility route answers 400 naming cart_id for a NUL byte, an operator or an array", async () => {
    const headers = { "x-publishable-api-key": store.publishableKey }
    for (const query of ["cart_id=cart_%00", "cart_id[$ne]=x", "cart_id[]=a", "", "cart_id=cart_01ZZZZZZZZZZZZZZZZZZZZZZZZ&extra=1"]) {
      const answer = await get(`/store/bnpl/eligibility?${query}`, headers)
      expect({ query, status: answer.status }).toEqual({ query, status: 400 })
      expect(answer.data.message).toMatch(/^Invalid request: (cart_id must be a cart id|cart_id is required|extra is not accepted here)/)
    }
    expect((await get(`/store/bnpl/eligibility?cart_id=${UNKNOWN_CART}`, headers)).status).toBe(404)
  })

  describe("the approved cart is the shipped cart", () => {
    const headers = () => ({ headers: { "x-publishable-api-key": store.publishableKey } })

    /** A free product and a shipping option priced as standard: the same total, another cart. */
    async function twins(): Promise<{ variant: string; shippingOption: string }> {
      const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
      const { data: options } = await query.graph({
        entity: "shipping_option",
        fields: ["id", "service_zone_id", "shipping_profile_id"],
        filters: { id: store.shippingOptions.standard },
      })
      const standard = options[0] as { service_zone_id: string; shipping_profile_id: string }
      const { result: created } = await createShippingOptionsWorkflow(getContainer()).run({
        input: [
          {
            name: "Standard Shipping (other carrier)",
            price_type: "flat",
            provider_id: "manual_manual",
            service_zone_id: standard.service_zone_id,
            shipping_profile_id: standard.shipping_profile_id,
            type: { label: "Standard 2", description: "Standard 2", code: "standard-2" },
            prices: [
              { currency_code: "gbp", amount: 4.95 },
              { currency_code: "eur", amount: 5.9 },
            ],
            rules: [
              { attribute: "enabled_in_store", value: "true", operator: "eq" },
              { attribute: "is_return", value: "false", operator: "eq" },
            ],
          },
        ] as never,
      })
      const { result: products } = await createProductsWorkflow(getContainer()).run({
        input: {
          products: [
            {
              title: "Gift wrap",
              handle: `gift-wrap-${Date.now()}`,
              status: ProductStatus.PUBLISHED,
              shipping_profile_id: standard.shipping_profile_id,
              options: [{ title: "Size", values: ["One size"] }],
              variants: [
                {
                  title: "One size",
                  sku: `WRAP-${Date.now()}`,
                  options: { Size: "One size" },
                  manage_inventory: false,
                  prices: [{ amount: 0, currency_code: "gbp" }],
                },
              ],
              sales_channels: [{ id: store.salesChannelId }],
            },
          ],
        },
      })
      return { variant: products[0].variants[0].id, shippingOption: (created as Array<{ id: string }>)[0].id }
    }

    let free: { variant: string; shippingOption: string }
    beforeEach(async () => {
      free = await twins()
    })

    const changes: Array<[string, (cartId: string) => Promise<unknown>]> = [
      [
        "the shipping address",
        (cartId) => api.post(`/store/carts/${cartId}`, { shipping_address: { ...ukAddress, address_1: "1 Elsewhere Road" } }, headers()),
      ],
      ["the e-mail", (cartId) => api.post(`/store/carts/${cartId}`, { email: "someone.else@example.com" }, headers())],
      [
        "an item's quantity, with the same total",
        async (cartId) => {
          // The free gift wrap goes from 1 to 3: the total stays, what ships does not.
          const { data } = await api.get(`/store/carts/${cartId}`, headers())
          const wrap = data.cart.items.find((item: { variant_id: string }) => item.variant_id === free.variant)
          await api.post(`/store/carts/${cartId}/line-items/${wrap.id}`, { quantity: 3 }, headers())
        },
      ],
      ["the shipping method", (cartId) => shopper.addShippingMethod(cartId, free.shippingOption)],
    ]
    const entryPoints = ["the return route", "cart complete"] as const
    const cases = changes.flatMap(([label, change]) => entryPoints.map((entry) => [label, entry, change] as const))

    it.each(cases)("approve, then change %s; %s places no order and answers cart_changed", async (_label, entry, change) => {
      const { cart, back } = await approvedCart([{ variant_id: free.variant, quantity: 1 }])
      const totalBefore = Number((await api.get(`/store/carts/${cart.id}`, headers())).data.cart.total)
      await change(cart.id)
      // Medusa drops the session itself only when the total changes: the case to guard is the same total.
      expect(Number((await api.get(`/store/carts/${cart.id}`, headers())).data.cart.total)).toBe(totalBefore)

      if (entry === "the return route") {
        const returned = await get(pathAndQuery(back))
        expect(returned.headers.location).toBe("http://storefront.test/checkout?step=payment&bnpl_error=cart_changed")
      } else {
        const completed = await shopper.complete(cart.id)
        expect(completed.status).toBe(400)
        expect(completed.data).toMatchObject({ code: "cart_changed", type: "not_allowed" })
      }
      // The session is gone: a second try by either way places nothing either.
      expect((await shopper.complete(cart.id)).data.type).not.toBe("order")
      expect((await get(pathAndQuery(back))).headers.location).toBe(GENERIC_FAILURE)
      expect(await orderCount()).toBe(0)
      expect((await control.ledger()).auths).toHaveLength(0)
    })

    it("approve and change nothing: the order is placed, by the return route or by cart complete", async () => {
      const first = await approvedCart()
      const returned = await get(pathAndQuery(first.back))
      expect(returned.headers.location).toMatch(/^http:\/\/storefront\.test\/order\/order_\w+\/confirmed$/)
      const second = await approvedCart()
      expect((await shopper.complete(second.cart.id)).data.type).toBe("order")
      expect(await orderCount()).toBe(2)
    })
  })

  describe("a canceled order leaves no captured money", () => {
    it("Capture pressed while Cancel order's void is slow: the capture waits and is refused, nothing is held, Medusa and the ledger agree, an error is logged", async () => {
      const order = await placeOrder(api, getContainer(), store)
      const admin = await adminHeaders(getContainer())
      await control.fault({ endpoint: "void", kind: "latency", delayMs: 2_000, times: 1 })
      const logs = captureLogs(getContainer().resolve(ContainerRegistrationKeys.LOGGER) as unknown as Record<string, unknown>)
      const cancel = api.post(`/admin/orders/${order.orderId}/cancel`, {}, { ...admin, validateStatus: () => true })
      await new Promise((resolve) => setTimeout(resolve, 500))
      const capture = await api.post(`/admin/payments/${order.paymentId}/capture`, {}, { ...admin, validateStatus: () => true })
      expect((await cancel).status).toBe(200)

      expect(capture.status).toBeGreaterThanOrEqual(400)
      expect(capture.status).toBeLessThan(500)
      const ledger = await control.ledger()
      const payment = ledger.payments.find((candidate) => candidate.id === order.serviceOrderId)!
      expect(payment.paymentState).toBe("VOIDED")
      expect(ledger.captures.filter((entry) => entry.orderId === order.serviceOrderId)).toHaveLength(0)
      const medusa = await readPayment(getContainer(), order.paymentId)
      expect(medusa.captures).toHaveLength(0)
      expect(medusa.canceled_at).not.toBeNull()
      logs.stop()
      expect(logs.lines.join("\n")).toMatch(
        new RegExp(`error.*capture of service order ${order.serviceOrderId} refused: the payment was voided`, "i"),
      )
    })

    it("a void that meets a capture Medusa never recorded refunds it once, logs an error, and Medusa and the service then agree", async () => {
      const order = await placeOrder(api, getContainer(), store)
      const admin = await adminHeaders(getContainer())
      // A capture that reached the service but never Medusa (its answer lost, or made
      // behind Medusa's back): the consumer is charged while Medusa shows an authorisation.
      const client = new BnplClient({
        merchantId: "sandbox-uk-merchant",
        secretKey: "sandbox-uk-secret-key",
        baseUrl: process.env.BNPL_BASE_URL!,
      })
      await client.capturePayment(order.serviceOrderId, {
        requestId: "behind-medusas-back",
        amount: { amount: order.total.toFixed(2), currency: "GBP" },
      })

      const logs = captureLogs(getContainer().resolve(ContainerRegistrationKeys.LOGGER) as unknown as Record<string, unknown>)
      const cancelled = await api.post(`/admin/orders/${order.orderId}/cancel`, {}, { ...admin, validateStatus: () => true })
      expect(cancelled.status).toBeLessThan(500)
      // The order.canceled subscriber tries the void again: the refund is not made twice.
      await eventually(async () => (await readPayment(getContainer(), order.paymentId)).canceled_at, 30_000)

      const ledger = await control.ledger()
      const refunds = ledger.refunds.filter((refund) => refund.orderId === order.serviceOrderId)
      expect(refunds).toHaveLength(1)
      expect(refunds[0].amount.amount).toBe(order.total.toFixed(2))
      const medusa = await readPayment(getContainer(), order.paymentId)
      expect(medusa.captures).toHaveLength(0)
      expect(medusa.refunds).toHaveLength(0)
      logs.stop()
      expect(logs.lines.join("\n")).toMatch(
        new RegExp(
          `error.*service order ${order.serviceOrderId} was cancelled in Medusa but ${order.total.toFixed(2)} GBP was captured`,
          "i",
        ),
      )
    })
  })
}
