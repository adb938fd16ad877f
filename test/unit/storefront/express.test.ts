import {
  completeExpressCheckout,
  createExpressCart,
  expressShippingOptions,
  startExpressCheckout,
  type ExpressAddress,
} from "../../../src/storefront"
import { StoreServer, UNREACHABLE } from "./store-server"

const store = new StoreServer()
beforeAll(() => store.start())
afterAll(() => store.stop())

const GBP = (amount: string) => ({ amount, currency: "GBP" })
const STANDARD = {
  id: "so_standard",
  name: "Standard Shipping",
  description: "",
  shippingAmount: GBP("4.95"),
  taxAmount: GBP("0.00"),
  orderAmount: GBP("49.95"),
}
const EXPRESS = {
  id: "so_express",
  name: "Express Shipping",
  description: "Next day",
  shippingAmount: GBP("9.95"),
  taxAmount: GBP("0.00"),
  orderAmount: GBP("54.95"),
}
const ADDRESS: ExpressAddress = {
  name: "Ada Lovelace",
  address1: "12 St James's Square",
  suburb: "London",
  postcode: "SW1Y 4JH",
  countryCode: "GB",
  phoneNumber: "+44 20 7946 0958",
}

/** The store answers `answer` on one route and Medusa's 404 elsewhere. */
const route = (path: string, answer: { status: number; body?: unknown; raw?: string }) =>
  store.answer((request) => (request.method === "POST" && request.path === path ? answer : undefined))

describe("startExpressCheckout", () => {
  it("asks the start route for the cart's token, with the publishable key and the provider", async () => {
    route("/store/bnpl/carts/cart_1/express", {
      status: 200,
      body: { token: "tok_express_1", expires: "2026-11-25T13:00:00Z", provider_id: "pp_bnpl_bnpl" },
    })
    expect(await startExpressCheckout(store.config, "cart_1", { providerId: "pp_bnpl_bnpl-eu" })).toEqual({ token: "tok_express_1" })
    expect(store.requests[0].body).toEqual({ provider_id: "pp_bnpl_bnpl-eu" })
    expect(store.requests[0].headers["x-publishable-api-key"]).toBe("pk_test")
    await startExpressCheckout(store.config, "cart_1")
    expect(store.requests[1].body).toEqual({})
  })

  it("from a Server Action, sends the storefront's origin, which the route makes the popup's", async () => {
    route("/store/bnpl/carts/cart_1/express", { status: 200, body: { token: "tok_2" } })
    await startExpressCheckout(store.config, "cart_1", { origin: "https://shop.example" })
    expect(store.requests[0].headers.origin).toBe("https://shop.example")
  })

  it.each([
    [
      400,
      "outside_limits",
      { type: "not_allowed", reason: "outside_limits", message: "The total 1499.00 GBP is above the maximum of 1000.00 GBP." },
      "The total 1499.00 GBP is above the maximum of 1000.00 GBP.",
    ],
    [
      403,
      "origin_not_allowed",
      { type: "not_allowed", reason: "origin_not_allowed", message: "https://evil.example may not start express checkouts." },
      "https://evil.example may not start express checkouts.",
    ],
    [
      502,
      "service_unavailable",
      { type: "unexpected_state", reason: "service_unavailable", message: "Pay later is not available right now." },
      "Pay later is not available right now.",
    ],
    [404, "cart_not_found", { type: "not_found", message: "Cart cart_1 was not found" }, "Cart cart_1 was not found"],
    [500, "service_unavailable", undefined, "Pay later is not responding right now. Please try again in a moment."],
    [
      400,
      "unknown",
      { type: "invalid_data", reason: "<img src=x>", message: "Invalid request: provider_id must be a string" },
      "Pay later could not be started. Please try again or choose another payment method.",
    ],
  ])("a %i answer gives %s and the store's words", async (status, reason, body, message) => {
    route("/store/bnpl/carts/cart_1/express", { status, body })
    expect(await startExpressCheckout(store.config, "cart_1")).toEqual({ error: { reason, message } })
  })

  it("the route's not_offered and cart_completed read as not_eligible and cart_not_found", async () => {
    route("/store/bnpl/carts/cart_1/express", {
      status: 422,
      body: { reason: "not_offered", message: "This region does not offer pay later." },
    })
    expect(await startExpressCheckout(store.config, "cart_1")).toEqual({
      error: { reason: "not_eligible", message: "This region does not offer pay later." },
    })
    route("/store/bnpl/carts/cart_1/express", {
      status: 409,
      body: { reason: "cart_completed", message: "This basket is an order already." },
    })
    expect(await startExpressCheckout(store.config, "cart_1")).toMatchObject({ error: { reason: "cart_not_found" } })
  })

  it("the merchant's wording wins; a token that is not one, an HTML page and no connection never throw", async () => {
    route("/store/bnpl/carts/cart_1/express", { status: 400, body: { reason: "outside_limits", message: "too much" } })
    expect(await startExpressCheckout(store.config, "cart_1", { messages: { outside_limits: "Zu teuer." } })).toEqual({
      error: { reason: "outside_limits", message: "Zu teuer." },
    })
    route("/store/bnpl/carts/cart_1/express", { status: 200, body: { token: "javascript:alert(1)" } })
    expect(await startExpressCheckout(store.config, "cart_1")).toMatchObject({ error: { reason: "unknown" } })
    route("/store/bnpl/carts/cart_1/express", { status: 502, raw: "<html>Bad gateway</html>" })
    expect(await startExpressCheckout(store.config, "cart_1")).toMatchObject({ error: { reason: "service_unavailable" } })
    expect(await startExpressCheckout(UNREACHABLE, "cart_1")).toMatchObject({
      error: { reason: "network", message: expect.stringMatching(/could not reach the shop/) },
    })
  })
})

describe("expressShippingOptions", () => {
  const path = "/store/bnpl/carts/cart_1/express/shipping-options"

  it("posts the popup's address (its documented fields only) and answers the store's options", async () => {
    route(path, { status: 200, body: { shipping_options: [STANDARD, EXPRESS] } })
    const address = { ...ADDRESS, injected: "<script>", area2: 5 } as unknown as ExpressAddress
    expect(await expressShippingOptions(store.config, "cart_1", address)).toEqual({ shippingOptions: [STANDARD, EXPRESS] })
    expect(store.requests[0].body).toEqual(ADDRESS)
  })

  it.each(["SHIPPING_ADDRESS_UNSUPPORTED", "SHIPPING_ADDRESS_UNRECOGNIZED", "SERVICE_UNAVAILABLE"])(
    "passes the store's %s on",
    async (rejection) => {
      route(path, { status: 200, body: { rejection } })
      expect(await expressShippingOptions(store.config, "cart_1", ADDRESS)).toEqual({ rejection })
    },
  )

  it("no option is an address the store does not serve", async () => {
    route(path, { status: 200, body: { shipping_options: [] } })
    expect(await expressShippingOptions(store.config, "cart_1", ADDRESS)).toEqual({ rejection: "SHIPPING_ADDRESS_UNSUPPORTED" })
  })

  it.each([
    ["an error status", { status: 500, body: { message: "boom" } }],
    ["an HTML page", { status: 200, raw: "<html></html>" }],
    [
      "a number for an amount",
      { status: 200, body: { shipping_options: [{ ...STANDARD, orderAmount: { amount: 49.95, currency: "GBP" } }] } },
    ],
    ["an amount with three decimals", { status: 200, body: { shipping_options: [{ ...STANDARD, orderAmount: GBP("49.955") }] } }],
    ["an option without an id", { status: 200, body: { shipping_options: [{ ...STANDARD, id: undefined }] } }],
    ["a made-up rejection", { status: 200, body: { rejection: "NOPE" } }],
  ])("%s reads as SERVICE_UNAVAILABLE, never an exception", async (_label, answer) => {
    route(path, answer)
    expect(await expressShippingOptions(store.config, "cart_1", ADDRESS)).toEqual({ rejection: "SERVICE_UNAVAILABLE" })
  })

  it("no connection reads as SERVICE_UNAVAILABLE", async () => {
    expect(await expressShippingOptions(UNREACHABLE, "cart_1", ADDRESS)).toEqual({ rejection: "SERVICE_UNAVAILABLE" })
  })
})

describe("completeExpressCheckout", () => {
  const path = "/store/bnpl/carts/cart_1/express/complete"

  it("sends the order token and answers the order", async () => {
    route(path, { status: 200, body: { order_id: "order_01JEXPRESS" } })
    expect(await completeExpressCheckout(store.config, "cart_1", "tok_1")).toEqual({ orderId: "order_01JEXPRESS" })
    expect(store.requests[0].body).toEqual({ orderToken: "tok_1" })
  })

  it.each([
    [409, "amount_changed", "Your basket changed after you approved pay later: nothing was charged."],
    [400, "declined", "Pay later declined the payment."],
    [400, "cancelled", "The consumer cancelled."],
    [502, "payment_failed", "The payment service did not answer in time."],
  ])("a %i with reason %s keeps the reason and the store's message", async (status, reason, message) => {
    route(path, { status, body: { type: "not_allowed", reason, message } })
    expect(await completeExpressCheckout(store.config, "cart_1", "tok_1")).toEqual({ error: { reason, message } })
  })

  it("an unknown cart, an answer without a usable order id, a 5xx page and no connection never throw", async () => {
    route(path, { status: 404, body: { type: "not_found", message: "Cart cart_1 was not found" } })
    expect(await completeExpressCheckout(store.config, "cart_1", "tok_1")).toMatchObject({ error: { reason: "cart_not_found" } })
    route(path, { status: 200, body: { order_id: "../../admin" } })
    expect(await completeExpressCheckout(store.config, "cart_1", "tok_1")).toMatchObject({ error: { reason: "payment_failed" } })
    route(path, { status: 503, raw: "<html>down</html>" })
    expect(await completeExpressCheckout(store.config, "cart_1", "tok_1")).toMatchObject({ error: { reason: "service_unavailable" } })
    expect(await completeExpressCheckout(UNREACHABLE, "cart_1", "tok_1")).toMatchObject({ error: { reason: "network" } })
  })

  it("processing (another request is placing the order): polls the status route until the order exists", async () => {
    let polls = 0
    store.answer((request) => {
      if (request.path === path)
        return { status: 202, body: { type: "processing", reason: "processing", message: "The order is being placed." } }
      if (request.path === "/store/bnpl/carts/cart_1/status") {
        polls++
        return { status: 200, body: polls < 3 ? { status: "processing" } : { status: "completed", order_id: "order_by_job" } }
      }
      return undefined
    })
    expect(await completeExpressCheckout(store.config, "cart_1", "tok_1", { pollIntervalMs: 10 })).toEqual({ orderId: "order_by_job" })
    expect(polls).toBe(3)
  })

  it("processing that never ends is processing_timeout (check your e-mail before paying again); failed gives its reason", async () => {
    store.answer((request) => {
      if (request.path === path) return { status: 202, body: { reason: "processing" } }
      if (request.path === "/store/bnpl/carts/cart_1/status") return { status: 200, body: { status: "processing" } }
      return undefined
    })
    const slow = await completeExpressCheckout(store.config, "cart_1", "tok_1", { pollIntervalMs: 10, processingTimeoutMs: 50 })
    expect(slow).toEqual({ error: { reason: "processing_timeout", message: expect.stringMatching(/check your e-mail/) } })
    store.answer((request) => {
      if (request.path === path) return { status: 202, body: { reason: "processing" } }
      if (request.path === "/store/bnpl/carts/cart_1/status") return { status: 200, body: { status: "failed", reason: "declined" } }
      return undefined
    })
    expect(await completeExpressCheckout(store.config, "cart_1", "tok_1", { pollIntervalMs: 10 })).toMatchObject({
      error: { reason: "declined" },
    })
  })

  it("a huge message from the store is cut", async () => {
    route(path, { status: 400, body: { reason: "declined", message: "x".repeat(100_000) } })
    const result = await completeExpressCheckout(store.config, "cart_1", "tok_1")
    expect("error" in result && result.error.message.length).toBe(501)
  })
})

describe("createExpressCart (the product page's cart)", () => {
  it("makes a cart in the region with just the page's variant and quantity", async () => {
    route("/store/carts", { status: 200, body: { cart: { id: "cart_new" } } })
    expect(await createExpressCart(store.config, { regionId: "reg_uk", variantId: "variant_tote", quantity: 2 })).toEqual({
      cartId: "cart_new",
    })
    expect(store.requests[0].body).toEqual({ region_id: "reg_uk", items: [{ variant_id: "variant_tote", quantity: 2 }] })
  })

  it("refuses a quantity that is not a whole number from 1 to 1000 without asking the store", async () => {
    route("/store/carts", { status: 200, body: { cart: { id: "cart_new" } } })
    for (const quantity of [0, 1.5, -1, 1001, Number.NaN]) {
      expect(await createExpressCart(store.config, { regionId: "reg_uk", variantId: "v", quantity })).toMatchObject({
        error: { reason: "unknown" },
      })
    }
    expect(store.requests).toHaveLength(0)
  })

  it("an out-of-stock variant (Medusa's 400) and no connection are messages, not exceptions", async () => {
    route("/store/carts", {
      status: 400,
      body: { type: "not_allowed", message: "Variant variant_tote does not have the required inventory" },
    })
    expect(await createExpressCart(store.config, { regionId: "reg_uk", variantId: "variant_tote", quantity: 1 })).toMatchObject({
      error: { reason: "unknown" },
    })
    expect(await createExpressCart(UNREACHABLE, { regionId: "reg_uk", variantId: "variant_tote", quantity: 1 })).toMatchObject({
      error: { reason: "network" },
    })
  })
})
