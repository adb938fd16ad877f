import fc from "fast-check"
import { formatAmount, instalmentAmount, toDecimalString, toMinorUnits } from "../../../src/storefront"

describe("amounts in minor units", () => {
  it.each([
    [49.95, 4995n],
    ["49.95", 4995n],
    [1000, 100000n],
    ["10.005", 1001n],
    ["10.004", 1000n],
    [0.1 + 0.2, 30n],
    ["0", 0n],
  ])("reads %p as %p minor units", (input, expected) => {
    expect(toMinorUnits(input)).toBe(expected)
  })

  it.each([["-1"], ["1e3"], ["abc"], [""], [Number.NaN], [Number.POSITIVE_INFINITY]])("refuses %p naming the value", (input) => {
    expect(() => toMinorUnits(input as string)).toThrow(/amount must be a non-negative decimal/)
  })

  it("round-trips every 2-decimal amount through its decimal string", () => {
    fc.assert(fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n }), (minor) => toMinorUnits(toDecimalString(minor)) === minor))
  })

  it("formats for the shopper's locale exactly", () => {
    expect(formatAmount(100000n, "gbp", "en-GB")).toBe("£1,000.00")
    expect(formatAmount(123456789012345678n, "GBP", "en-GB")).toBe("£1,234,567,890,123,456.78")
    expect(formatAmount(4995n, "EUR", "de-DE")).toBe("49,95\u00a0€")
  })

  it("splits into instalments rounded half-up, and refuses a count that is not a positive integer", () => {
    expect(instalmentAmount(4995n, 4)).toBe(1249n)
    expect(instalmentAmount(100n, 3)).toBe(33n)
    expect(instalmentAmount(200n, 3)).toBe(67n)
    expect(() => instalmentAmount(100n, 0)).toThrow(RangeError)
    expect(() => instalmentAmount(100n, 2.5)).toThrow(/positive integer/)
  })
})
