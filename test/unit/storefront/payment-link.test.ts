import { readPaymentLink, startPayLaterForPaymentLink } from "../../../src/storefront"
import { StoreServer, UNREACHABLE } from "./store-server"

const store = new StoreServer()
beforeAll(() => store.start())
afterAll(() => store.stop())

const LINK = "/store/bnpl/payment-collections/pay_col_1"

describe("the payment link page's calls", () => {
  it("reads the link with the order id in the query; any refusal reads as link_not_found, a 5xx as service_unavailable, no answer as network", async () => {
    const view = {
      payment_collection: { id: "pay_col_1", amount: "45.00", amount_minor: 4500 },
      order: { id: "order_1", items: [] },
      pay_later: { eligible: true },
    }
    store.answer((request) => (request.path === LINK ? { status: 200, body: view } : undefined))
    expect(await readPaymentLink(store.config, "pay_col_1", "order_1")).toEqual({ link: view })
    expect(store.requests.at(-1)).toMatchObject({ method: "GET", path: LINK })
    expect(store.requests.at(-1)!.query.get("order_id")).toBe("order_1")

    store.answer((request) =>
      request.path === LINK
        ? { status: 404, body: { type: "not_found", message: "No payment collection has that id for this order." } }
        : undefined,
    )
    expect(await readPaymentLink(store.config, "pay_col_1", "order_2")).toEqual({
      error: { reason: "link_not_found", message: "This payment link is not valid. Please ask the shop for a new one." },
    })
    store.answer((request) => (request.path === LINK ? { status: 503, body: {} } : undefined))
    expect(await readPaymentLink(store.config, "pay_col_1", "order_1")).toMatchObject({ error: { reason: "service_unavailable" } })
    expect(await readPaymentLink(UNREACHABLE, "pay_col_1", "order_1")).toMatchObject({ error: { reason: "network" } })
  })

  it("pay later creates a session on the order's collection with the provider and returns the service's URL; a refusal keeps the store's words", async () => {
    const sessions = "/store/payment-collections/pay_col_1/payment-sessions"
    store.answer((request) =>
      request.path === sessions
        ? {
            status: 200,
            body: {
              payment_collection: {
                payment_sessions: [{ provider_id: "pp_bnpl_bnpl-uk", data: { redirectCheckoutUrl: "https://pay.example/checkout/tok_1" } }],
              },
            },
          }
        : undefined,
    )
    expect(await startPayLaterForPaymentLink(store.config, "pay_col_1", { providerId: "pp_bnpl_bnpl-uk" })).toEqual({
      redirectUrl: "https://pay.example/checkout/tok_1",
    })
    expect(store.requests.at(-1)).toMatchObject({ method: "POST", path: sessions, body: { provider_id: "pp_bnpl_bnpl-uk" } })

    const above = "Pay later is not available for this cart: the total 1200.00 GBP is above the maximum of 1000.00 GBP."
    store.answer((request) =>
      request.path === sessions ? { status: 400, body: { type: "not_allowed", code: "not_eligible", message: above } } : undefined,
    )
    expect(await startPayLaterForPaymentLink(store.config, "pay_col_1")).toEqual({ error: { reason: "not_eligible", message: above } })
    // A javascript: URL is never handed to the page.
    store.answer((request) =>
      request.path === sessions
        ? {
            status: 200,
            body: {
              payment_collection: {
                payment_sessions: [{ provider_id: "pp_bnpl_bnpl", data: { redirectCheckoutUrl: "javascript:alert(1)" } }],
              },
            },
          }
        : undefined,
    )
    expect(await startPayLaterForPaymentLink(store.config, "pay_col_1")).toMatchObject({ error: { reason: "unknown" } })
  })
})
