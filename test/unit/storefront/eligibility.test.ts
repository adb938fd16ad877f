import {
  fetchCartEligibility,
  fetchLimits,
  payLaterMessage,
  readPayLaterEligibility,
  type PayLaterEligibility,
} from "../../../src/storefront"
import { StoreServer, UNREACHABLE } from "./store-server"

const GBP: PayLaterEligibility = { eligible: true, minimumAmount: "1.00", maximumAmount: "1000.00", currency: "GBP" }

describe("payLaterMessage", () => {
  it("inside the limits: the limits in the shopper's format, and no instalment line unless the merchant sets a count", () => {
    expect(payLaterMessage(49.95, "gbp", GBP, { locale: "en-GB" })).toEqual({
      show: true,
      eligible: true,
      text: "Pay later on orders from £1.00 to £1,000.00.",
    })
    expect(payLaterMessage("49.95", "GBP", GBP, { locale: "en-GB", instalments: 4 })).toMatchObject({
      instalmentText: "Or 4 interest-free payments of £12.49.",
    })
  })

  it("counts the limits inclusive", () => {
    expect(payLaterMessage("1.00", "gbp", GBP).show).toBe(true)
    expect(payLaterMessage(1000, "gbp", GBP).show).toBe(true)
    expect(payLaterMessage("1000.01", "gbp", GBP)).toEqual({ show: false, reason: "above_maximum" })
    expect(payLaterMessage("0.99", "gbp", GBP)).toEqual({ show: false, reason: "below_minimum" })
  })

  it("outside the limits: nothing by default, the reason, or the merchant's own text", () => {
    expect(payLaterMessage(1499, "gbp", GBP, { outside: "reason", locale: "en-GB" })).toEqual({
      show: true,
      eligible: false,
      reason: "above_maximum",
      text: "Pay later is available on orders from £1.00 to £1,000.00.",
    })
    expect(payLaterMessage(0.5, "gbp", GBP, { outside: "Pay later from {minimum}.", locale: "en-GB" })).toMatchObject({
      show: true,
      text: "Pay later from £1.00.",
    })
  })

  it("limits of another currency count as unsupported_currency", () => {
    expect(payLaterMessage(10, "eur", GBP, { outside: "reason" })).toMatchObject({
      reason: "unsupported_currency",
      text: "Pay later is not available in this currency.",
    })
  })

  it("the limits route's answer for a currency no account serves (no limits at all) reads as unsupported_currency", () => {
    const unserved = readPayLaterEligibility({ eligible: false, reason: "unsupported_currency", currency: "USD" })
    expect(unserved).toEqual({ eligible: false, reason: "unsupported_currency", currency: "USD" })
    expect(payLaterMessage(10, "usd", unserved)).toEqual({ show: false, reason: "unsupported_currency" })
    expect(payLaterMessage(10, "usd", unserved, { outside: "reason" })).toMatchObject({
      show: true,
      text: "Pay later is not available in this currency.",
    })
  })

  it("unknown limits (the store could not say) show nothing, or the unavailable message", () => {
    expect(payLaterMessage(10, "gbp", undefined)).toEqual({ show: false, reason: "limits_unavailable" })
    expect(payLaterMessage(10, "gbp", { eligible: false, reason: "limits_unavailable" }, { outside: "reason" })).toMatchObject({
      text: "Pay later is not available right now.",
    })
  })
})

describe("the merchant's message defaults served with the limits", () => {
  const served = readPayLaterEligibility({
    ...GBP,
    message: { available: "Spread the cost from {minimum}.", instalments: 3, outside: "reason" },
  })

  it("apply where the storefront sets nothing: the merchant's text, instalment count and outside mode", () => {
    expect(payLaterMessage("45.00", "gbp", served, { locale: "en-GB" })).toEqual({
      show: true,
      eligible: true,
      text: "Spread the cost from £1.00.",
      instalmentText: "Or 3 interest-free payments of £15.00.",
    })
    expect(payLaterMessage("1500.00", "gbp", served, { locale: "en-GB" })).toMatchObject({
      show: true,
      eligible: false,
      reason: "above_maximum",
    })
  })

  it("give way to what the storefront passes itself", () => {
    expect(payLaterMessage("45.00", "gbp", served, { locale: "en-GB", available: "Pay later.", instalments: undefined })).toEqual({
      show: true,
      eligible: true,
      text: "Pay later.",
      instalmentText: "Or 3 interest-free payments of £15.00.",
    })
    expect(payLaterMessage("1500.00", "gbp", served, { outside: "hide" })).toEqual({ show: false, reason: "above_maximum" })
  })

  it("are dropped when out of the store's bounds: an instalment count outside 2..12, a text over 200 characters, a non-object", () => {
    expect(
      readPayLaterEligibility({ ...GBP, message: { instalments: 40, available: "x".repeat(201), instalmentText: "Or {count}." } })?.message,
    ).toEqual({ instalmentText: "Or {count}." })
    expect(readPayLaterEligibility({ ...GBP, message: "Pay later!" })?.message).toBeUndefined()
    expect(readPayLaterEligibility({ ...GBP, message: { instalments: 2.5 } })).toEqual(GBP)
  })
})

describe("reading eligibility from the store", () => {
  const store = new StoreServer()
  beforeAll(() => store.start())
  afterAll(() => store.stop())

  it("asks the limits route with the currency and amount, sending the publishable key", async () => {
    store.answer((request) => (request.path === "/store/bnpl/limits" ? { status: 200, body: { ...GBP, amount: "49.95" } } : undefined))
    expect(await fetchLimits(store.config, { currencyCode: "gbp", amount: 49.95 })).toEqual({ ...GBP, amount: "49.95" })
    const [request] = store.requests
    expect(Object.fromEntries(request.query)).toEqual({ currency_code: "gbp", amount: "49.95" })
    expect(request.headers["x-publishable-api-key"]).toBe("pk_test")
  })

  it("asks for a product page's product, and reads its exclusion and a cart's excluded items", async () => {
    store.answer((request) => {
      if (request.path === "/store/bnpl/limits" && request.query.get("product_id") === "prod_giftcard") {
        return { status: 200, body: { ...GBP, eligible: false, reason: "excluded_items" } }
      }
      if (request.path === "/store/bnpl/eligibility") {
        const excludedItems = [{ id: "cali_1", title: "Gift card", product_id: "prod_giftcard", extra: "<dropped>" }, { id: 7 }]
        return { status: 200, body: { ...GBP, eligible: false, reason: "excluded_items", excludedItems } }
      }
      return undefined
    })
    const limits = await fetchLimits(store.config, { currencyCode: "gbp", productId: "prod_giftcard" })
    expect(limits).toEqual({ ...GBP, eligible: false, reason: "excluded_items" })
    expect(payLaterMessage(45, "gbp", limits)).toEqual({ show: false, reason: "excluded_items" })
    expect(await fetchCartEligibility(store.config, "cart_1")).toMatchObject({
      reason: "excluded_items",
      excludedItems: [{ id: "cali_1", title: "Gift card", product_id: "prod_giftcard" }],
    })
  })

  it("asks the eligibility route for a cart", async () => {
    store.answer((request) =>
      request.path === "/store/bnpl/eligibility" && request.query.get("cart_id") === "cart_1"
        ? { status: 200, body: { ...GBP, eligible: false, reason: "above_maximum" } }
        : undefined,
    )
    expect(await fetchCartEligibility(store.config, "cart_1")).toMatchObject({ eligible: false, reason: "above_maximum" })
  })

  it("hides the method, without throwing, when the store fails, answers nonsense or cannot be reached", async () => {
    store.answer(() => ({ status: 500, body: { type: "unexpected_state", message: "The pay later service's limits could not be read" } }))
    expect(await fetchCartEligibility(store.config, "cart_1")).toEqual({
      eligible: false,
      reason: "limits_unavailable",
      detail: "The pay later service's limits could not be read",
    })
    store.answer(() => ({ status: 200, raw: "<html>proxy</html>" }))
    expect(await fetchLimits(store.config, { currencyCode: "gbp" })).toMatchObject({ eligible: false, reason: "limits_unavailable" })
    expect(await fetchLimits(UNREACHABLE, { currencyCode: "gbp" })).toMatchObject({ eligible: false, reason: "limits_unavailable" })
  })

  it("refuses a bad amount before asking", async () => {
    store.answer(() => ({ status: 200, body: GBP }))
    expect(await fetchLimits(store.config, { currencyCode: "gbp", amount: "12,50" })).toMatchObject({
      eligible: false,
      reason: "limits_unavailable",
      detail: expect.stringContaining("12,50"),
    })
    expect(store.requests).toHaveLength(0)
  })
})

describe("hostile or broken eligibility answers", () => {
  const store = new StoreServer()
  beforeAll(() => store.start())
  afterAll(() => store.stop())

  it.each([
    ["a currency that is not ISO 4217", { ...GBP, currency: "G1P" }],
    ["strings for booleans", { ...GBP, eligible: "true" }],
    ["numbers for amounts", { ...GBP, minimumAmount: 1 }],
    ["a 100,000-digit amount", { ...GBP, maximumAmount: "9".repeat(100_000) }],
    ["a made-up reason", { ...GBP, eligible: false, reason: "<script>" }],
    ["an array", [GBP]],
  ])("%s reads as limits_unavailable, so the method is hidden", async (_label, body) => {
    store.answer(() => ({ status: 200, body }))
    expect(await fetchLimits(store.config, { currencyCode: "gbp" })).toEqual({
      eligible: false,
      reason: "limits_unavailable",
      detail: "the store's answer is not an eligibility",
    })
    expect(payLaterMessage(10, "gbp", body as PayLaterEligibility, { outside: "reason" })).toEqual({
      show: false,
      reason: "limits_unavailable",
    })
  })

  it("a huge error message is cut to 200 characters in detail", async () => {
    store.answer(() => ({ status: 500, body: { type: "unexpected_state", message: "m".repeat(50_000) } }))
    expect((await fetchCartEligibility(store.config, "cart_1")).detail).toHaveLength(200)
  })

  it("unknown fields are dropped; providerId and amount are kept when well formed", () => {
    expect(readPayLaterEligibility({ ...GBP, currency: "gbp", providerId: "pp_bnpl_bnpl-eu", amount: "49.95", extra: "x" })).toEqual({
      ...GBP,
      providerId: "pp_bnpl_bnpl-eu",
      amount: "49.95",
    })
    expect(readPayLaterEligibility({ ...GBP, providerId: "<script>" })).toEqual(GBP)
  })
})
