import { paymentSchema } from "../../../src/client/schemas"

/**
 * The Payment as the client reads it: the service answers `paymentEventMerchantReference: null`
 * for an event without one (docs/service-api.md "Events", rule 4; "Recorded answers").
 */
describe("a Payment's events as the service answers them", () => {
  const payment = (reference: unknown) => ({
    id: "100000000001",
    status: "APPROVED",
    events: [{ id: "e1", type: "AUTH_APPROVED", amount: { amount: "110.00", currency: "GBP" }, paymentEventMerchantReference: reference }],
  })

  it("reads paymentEventMerchantReference null as an event without one, and keeps a given one", () => {
    expect(paymentSchema.parse(payment(null)).events![0].paymentEventMerchantReference).toBeUndefined()
    expect(paymentSchema.parse(payment("capture-1")).events![0].paymentEventMerchantReference).toBe("capture-1")
  })

  it("still refuses a reference that is not text", () => {
    expect(paymentSchema.safeParse(payment(42)).success).toBe(false)
  })
})
