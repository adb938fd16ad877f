import { checkRefundAmount, refundableAmount } from "../../../../src/runtime/views/refund-amount"

const partly = { currency: "GBP", amounts: { captured: "50.00", refunded: "15.00" } }

describe("the Pay later box's refund checks (Medusa's dialog's and refund workflow's)", () => {
  it("takes up to what was captured and not refunded, written as the API writes amounts", () => {
    expect(refundableAmount(partly)).toBe("35.00")
    expect(checkRefundAmount(partly, " 10 ")).toEqual({ ok: true, amount: "10.00" })
    expect(checkRefundAmount(partly, "35")).toEqual({ ok: true, amount: "35.00" })
  })

  it("refuses, naming the field and the rule: not a number, too many decimals, 0, more than refundable, nothing left", () => {
    const problem = (payment: typeof partly, amount: string) => {
      const checked = checkRefundAmount(payment, amount)
      return checked.ok ? "ok" : `${checked.problem}: ${checked.message}`
    }
    expect(problem(partly, "ten")).toBe("not_a_number: amount must be a number in GBP such as 12.50")
    expect(problem(partly, "1.005")).toBe("too_many_decimals: amount must have at most 2 decimal places in GBP")
    expect(problem(partly, "0.00")).toBe("not_positive: amount must be more than 0")
    expect(problem(partly, "35.01")).toBe("more_than_refundable: amount 35.01 GBP is more than the 35.00 GBP captured and not yet refunded")
    const spent = { currency: "GBP", amounts: { captured: "20.00", refunded: "20.00" } }
    expect(problem(spent, "1")).toBe("nothing_refundable: Nothing captured is left to refund on this payment.")
  })
})
