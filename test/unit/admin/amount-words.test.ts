import { checkCaptureAmount } from "../../../src/payments/money-rules"
import { typedAmount } from "../../../src/admin/lib/amount-words"

// A French, German, Spanish, Italian or Dutch admin types a decimal comma in the box's fields.
describe("an amount typed in the Pay later box", () => {
  const payment = { state: "authorised", currency: "EUR", amounts: { openToCapture: "40.00" }, authorizationExpiresAt: null }

  it("reads a decimal comma as the point: 12,5 captures 12.50", () => {
    expect(typedAmount(" 12,5 ")).toBe("12.5")
    expect(checkCaptureAmount(payment, typedAmount("12,5"))).toEqual({ ok: true, amount: "12.50" })
  })

  it("keeps anything else as typed, so the checks still refuse a thousands separator or two commas", () => {
    expect(checkCaptureAmount(payment, typedAmount("1.234,50"))).toMatchObject({ ok: false, problem: "not_a_number" })
    expect(checkCaptureAmount(payment, typedAmount("1,2,3"))).toMatchObject({ ok: false, problem: "not_a_number" })
    expect(typedAmount("12.50")).toBe("12.50")
  })
})
