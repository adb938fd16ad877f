import { completePayLaterCart, startPayLaterCheckout } from "../../../src/storefront"
import { StoreServer, UNREACHABLE } from "./store-server"

const store = new StoreServer()
beforeAll(() => store.start())
afterAll(() => store.stop())

const SERVICE_DOWN = "Starting the pay later checkout could not be completed: the payment service did not answer in time. Please try again."

/** A store whose cart has no payment collection yet and whose session call answers `session`. */
function storeWith(session: { status: number; body?: unknown }) {
  store.answer((request) => {
    if (request.method === "GET" && request.path === "/store/carts/cart_1") return { status: 200, body: { cart: { id: "cart_1" } } }
    if (request.method === "POST" && request.path === "/store/payment-collections") {
      return { status: 200, body: { payment_collection: { id: "pay_col_1" } } }
    }
    if (request.method === "POST" && request.path === "/store/payment-collections/pay_col_1/payment-sessions") return session
    return undefined
  })
}

describe("startPayLaterCheckout", () => {
  it("creates the collection and the session with the provider id, and returns the service's URL", async () => {
    storeWith({
      status: 200,
      body: {
        payment_collection: {
          id: "pay_col_1",
          payment_sessions: [
            { provider_id: "pp_system_default", data: {} },
            { provider_id: "pp_bnpl_bnpl", data: { redirectCheckoutUrl: "https://pay.example/checkout/tok_1" } },
          ],
        },
      },
    })
    expect(await startPayLaterCheckout(store.config, "cart_1")).toEqual({ redirectUrl: "https://pay.example/checkout/tok_1" })
    const posts = store.requests.filter((request) => request.method === "POST")
    expect(posts.map((request) => [request.path, request.body])).toEqual([
      ["/store/payment-collections", { cart_id: "cart_1" }],
      ["/store/payment-collections/pay_col_1/payment-sessions", { provider_id: "pp_bnpl_bnpl" }],
    ])
    expect(posts.every((request) => request.headers["x-publishable-api-key"] === "pk_test")).toBe(true)
  })

  it("without a providerId, pays with the pay-later provider the cart's region offers (one account per region)", async () => {
    store.answer((request) => {
      if (request.method === "GET" && request.path === "/store/carts/cart_1")
        return { status: 200, body: { cart: { id: "cart_1", region_id: "reg_eu", payment_collection: { id: "pay_col_1" } } } }
      if (request.method === "GET" && request.path === "/store/payment-providers") {
        return { status: 200, body: { payment_providers: [{ id: "pp_system_default" }, { id: "pp_bnpl_bnpl-eu" }] } }
      }
      if (request.path === "/store/payment-collections/pay_col_1/payment-sessions") {
        return {
          status: 200,
          body: {
            payment_collection: {
              id: "pay_col_1",
              payment_sessions: [{ provider_id: "pp_bnpl_bnpl-eu", data: { redirectCheckoutUrl: "https://pay.example/eu" } }],
            },
          },
        }
      }
      return undefined
    })
    expect(await startPayLaterCheckout(store.config, "cart_1")).toEqual({ redirectUrl: "https://pay.example/eu" })
    expect(store.requests.find((request) => request.path === "/store/payment-providers")?.query.get("region_id")).toBe("reg_eu")
    expect(store.requests.filter((request) => request.method === "POST").map((request) => request.body)).toEqual([
      { provider_id: "pp_bnpl_bnpl-eu" },
    ])
  })

  it("reuses the cart's payment collection when it has one", async () => {
    store.answer((request) => {
      if (request.method === "GET") return { status: 200, body: { cart: { id: "cart_1", payment_collection: { id: "pay_col_9" } } } }
      if (request.path === "/store/payment-collections/pay_col_9/payment-sessions") {
        return {
          status: 200,
          body: {
            payment_collection: {
              id: "pay_col_9",
              payment_sessions: [{ provider_id: "pp_bnpl_eu", data: { redirectCheckoutUrl: "https://pay.example/x" } }],
            },
          },
        }
      }
      return undefined
    })
    expect(await startPayLaterCheckout(store.config, "cart_1", { providerId: "pp_bnpl_eu" })).toEqual({
      redirectUrl: "https://pay.example/x",
    })
    expect(store.requests.some((request) => request.path === "/store/payment-collections")).toBe(false)
  })

  it.each([
    [500, SERVICE_DOWN, "service_unavailable"],
    [400, "Pay later is not available for this cart: the total 1499.00 GBP is above the maximum of 1000.00 GBP.", "not_eligible"],
    [400, "Pay later needs the shopper's e-mail address: set the cart's email before choosing it.", "missing_email"],
    [400, "Starting the pay later checkout: Create Checkout: items[0].name is too long", "invalid_checkout"],
  ])("a %i answer gives the plugin's own message with a reason: %s", async (status, message, reason) => {
    storeWith({ status, body: { type: status === 500 ? "unexpected_state" : "invalid_data", message } })
    expect(await startPayLaterCheckout(store.config, "cart_1")).toEqual({ error: { reason, message } })
  })

  it("the merchant's wording for a reason replaces the plugin's", async () => {
    storeWith({ status: 500, body: { message: SERVICE_DOWN } })
    expect(await startPayLaterCheckout(store.config, "cart_1", { messages: { service_unavailable: "Réessayez." } })).toEqual({
      error: { reason: "service_unavailable", message: "Réessayez." },
    })
  })

  it("never throws: an unknown cart, an HTML error page, a session without a URL, no connection", async () => {
    store.answer(() => undefined)
    expect(await startPayLaterCheckout(store.config, "cart_1")).toMatchObject({ error: { reason: "cart_not_found" } })
    storeWith({ status: 502, body: undefined })
    expect(await startPayLaterCheckout(store.config, "cart_1")).toMatchObject({ error: { reason: "service_unavailable" } })
    storeWith({
      status: 200,
      body: {
        payment_collection: {
          id: "pay_col_1",
          payment_sessions: [{ provider_id: "pp_bnpl_bnpl", data: { redirectCheckoutUrl: "javascript:alert(1)" } }],
        },
      },
    })
    expect(await startPayLaterCheckout(store.config, "cart_1")).toMatchObject({ error: { reason: "unknown" } })
    const refused = await startPayLaterCheckout(UNREACHABLE, "cart_1")
    expect(refused).toEqual({ error: { reason: "network", message: expect.stringMatching(/could not reach the shop/) } })
  })
})

describe("completePayLaterCart (Try again with the same session)", () => {
  const completing = (answer: { status: number; body?: unknown }) =>
    store.answer((request) => (request.method === "POST" && request.path === "/store/carts/cart_1/complete" ? answer : undefined))

  it("gives the order id when the cart completes", async () => {
    completing({ status: 200, body: { type: "order", order: { id: "order_1" } } })
    expect(await completePayLaterCart(store.config, "cart_1")).toEqual({ orderId: "order_1" })
  })

  it.each([
    [200, { type: "cart", error: { message: "Pay later declined the payment" } }, "declined"],
    [400, { type: "not_allowed", message: "Session ps_1 was not authorized with the provider." }, "not_confirmed"],
    [200, { type: "cart", error: { message: "The checkout token expired" } }, "expired"],
    [500, { type: "unexpected_state", message: "the payment service did not answer in time" }, "payment_failed"],
    [404, { type: "not_found", message: "Cart cart_1 was not found" }, "invalid_return"],
  ])("a %i answer reads as a reason with its message", async (status, body, reason) => {
    completing({ status, body })
    const result = await completePayLaterCart(store.config, "cart_1")
    expect(result).toEqual({ error: { reason, message: expect.stringMatching(/\.$/) } })
  })

  it("never throws when the store cannot be reached", async () => {
    expect(await completePayLaterCart(UNREACHABLE, "cart_1")).toMatchObject({ error: { reason: "payment_failed" } })
  })
})
