import fc from "fast-check"
import { apiAmountToMinorUnits } from "../../../src/client/money"
import { checkEligibility } from "../../../src/payments/eligibility"

/** Limits as Get Configuration returns them (docs/service-api.md "Configuration"). */
const limits = {
  minimumAmount: { amount: "1.00", currency: "GBP" },
  maximumAmount: { amount: "1000.00", currency: "GBP" },
}

const shown = { minimumAmount: "1.00", maximumAmount: "1000.00", currency: "GBP" }

describe("checkEligibility: minimumAmount..maximumAmount inclusive, in the account's currency", () => {
  it("exactly the minimum is eligible", () => {
    expect(checkEligibility(100n, "GBP", "GBP", limits)).toEqual({ eligible: true, ...shown })
  })

  it("exactly the maximum is eligible", () => {
    expect(checkEligibility(100_000n, "GBP", "GBP", limits)).toEqual({ eligible: true, ...shown })
  })

  it("one minor unit below the minimum is not, and says why", () => {
    expect(checkEligibility(99n, "GBP", "GBP", limits)).toEqual({ eligible: false, reason: "below_minimum", ...shown })
  })

  it("one minor unit above the maximum is not, and says why", () => {
    expect(checkEligibility(100_001n, "GBP", "GBP", limits)).toEqual({ eligible: false, reason: "above_maximum", ...shown })
  })

  it("an empty cart (zero) is below the minimum", () => {
    expect(checkEligibility(0n, "GBP", "GBP", limits).reason).toBe("below_minimum")
  })

  it("another currency than the account's is refused, even for an amount inside the limits", () => {
    expect(checkEligibility(5_000n, "EUR", "GBP", limits)).toEqual({ eligible: false, reason: "unsupported_currency", ...shown })
    // The currency is checked first: the shopper is told the currency, not the amount, is the problem.
    expect(checkEligibility(1n, "USD", "GBP", limits).reason).toBe("unsupported_currency")
  })

  it("compares currencies without regard to case (Medusa keeps them in lower case)", () => {
    expect(checkEligibility(5_000n, "gbp", "GBP", limits).eligible).toBe(true)
    expect(checkEligibility(5_000n, "eur", "EUR", { ...limits }).eligible).toBe(true)
  })

  it("reads limits the service sends without 2 decimals, and shows them with 2", () => {
    const loose = { minimumAmount: { amount: "1", currency: "EUR" }, maximumAmount: { amount: "2000.5", currency: "EUR" } }
    expect(checkEligibility(100n, "EUR", "EUR", loose)).toEqual({
      eligible: true,
      minimumAmount: "1.00",
      maximumAmount: "2000.50",
      currency: "EUR",
    })
    expect(checkEligibility(200_050n, "EUR", "EUR", loose).eligible).toBe(true)
    expect(checkEligibility(200_051n, "EUR", "EUR", loose).reason).toBe("above_maximum")
  })

  it("a minimum equal to the maximum admits exactly that amount", () => {
    const single = { minimumAmount: { amount: "50.00", currency: "GBP" }, maximumAmount: { amount: "50.00", currency: "GBP" } }
    expect(checkEligibility(5_000n, "GBP", "GBP", single).eligible).toBe(true)
    expect(checkEligibility(4_999n, "GBP", "GBP", single).reason).toBe("below_minimum")
    expect(checkEligibility(5_001n, "GBP", "GBP", single).reason).toBe("above_maximum")
  })

  it("for any limits and amount: eligible exactly when minimum <= amount <= maximum", () => {
    const minor = fc.bigInt({ min: 0n, max: 10n ** 9n })
    fc.assert(
      fc.property(minor, minor, minor, (a, b, amount) => {
        const [low, high] = a <= b ? [a, b] : [b, a]
        const money = (value: bigint) => ({ amount: `${value / 100n}.${String(value % 100n).padStart(2, "0")}`, currency: "GBP" })
        const result = checkEligibility(amount, "GBP", "GBP", { minimumAmount: money(low), maximumAmount: money(high) })
        expect(result.eligible).toBe(low <= amount && amount <= high)
        expect(apiAmountToMinorUnits(result.minimumAmount)).toBe(low)
        expect(apiAmountToMinorUnits(result.maximumAmount)).toBe(high)
      }),
    )
  })
})
