import fc from "fast-check"
import {
  apiAmountToMajorUnits,
  apiAmountToMinorUnits,
  exactMinorUnits,
  isApiAmount,
  minorUnitsToApiAmount,
  MoneyError,
  toApiAmount,
  toMinorUnits,
  toMoney,
} from "../../../src/client/money"

const API_AMOUNT = /^-?\d+\.\d{2}$/
const minor = fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n })

/** Half-up (away from zero) rounding of thousandths to hundredths, in integers only. */
function roundThousandthsHalfUp(thousandths: bigint): bigint {
  const negative = thousandths < 0n
  const magnitude = negative ? -thousandths : thousandths
  const rounded = (magnitude + 5n) / 10n
  return negative ? -rounded : rounded
}

function thousandthsToString(thousandths: bigint): string {
  const negative = thousandths < 0n
  const digits = (negative ? -thousandths : thousandths).toString().padStart(4, "0")
  return `${negative ? "-" : ""}${digits.slice(0, -3)}.${digits.slice(-3)}`
}

describe("money: round trips", () => {
  it("minor units -> API string -> minor units is the identity", () => {
    fc.assert(
      fc.property(minor, (value) => {
        const text = minorUnitsToApiAmount(value)
        expect(isApiAmount(text)).toBe(true)
        expect(apiAmountToMinorUnits(text)).toBe(value)
        expect(toMinorUnits(text)).toBe(value)
      }),
    )
  })

  it("an API string is its own API amount and its own major-unit string", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 12n }), (value) => {
        const text = minorUnitsToApiAmount(value)
        expect(toApiAmount(text)).toBe(text)
        expect(apiAmountToMajorUnits(text)).toBe(text)
      }),
    )
  })

  it("a number with at most 2 decimals converts to exactly its cents", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }), (cents) => {
        expect(toMinorUnits(cents / 100)).toBe(BigInt(cents))
      }),
    )
  })

  it("BigNumber shapes convert like their decimal string", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 9n), max: 10n ** 9n }), (thousandths) => {
        const text = thousandthsToString(thousandths)
        const expected = roundThousandthsHalfUp(thousandths)
        expect(toMinorUnits({ value: text, precision: 20 })).toBe(expected)
        expect(toMinorUnits({ raw: { value: text } })).toBe(expected)
        expect(toMinorUnits({ bigNumber: { toFixed: () => text } })).toBe(expected)
      }),
    )
  })
})

describe("money: rounding at the edges", () => {
  it("3-decimal input rounds half up (away from zero), computed without floats", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }), (thousandths) => {
        const text = thousandthsToString(thousandths)
        expect(toMinorUnits(text)).toBe(roundThousandthsHalfUp(thousandths))
      }),
    )
  })

  it.each([
    ["10.005", "10.01"],
    ["10.004", "10.00"],
    ["0.005", "0.01"],
    ["0.004", "0.00"],
    ["-1.005", "-1.01"],
    ["2.675", "2.68"], // 2.675 is 2.67499999... as a double: a float rounding would give 2.67
    ["1.0049999", "1.00"],
    ["999999999999.995", "1000000000000.00"],
  ])("%s -> %s", (input, expected) => {
    expect(toApiAmount(input)).toBe(expected)
  })

  it("numbers are read by their shortest decimal form, not their binary value", () => {
    expect(toApiAmount(1.005)).toBe("1.01") // Math.round(1.005 * 100) / 100 gives 1.00
    expect(toApiAmount(2.675)).toBe("2.68")
    expect(toApiAmount(0.1 + 0.2)).toBe("0.30")
    expect(toMinorUnits(0.1 + 0.2)).toBe(30n)
    expect(toApiAmount(1e21)).toBe("1000000000000000000000.00")
    expect(toApiAmount(5e-324)).toBe("0.00")
  })

  it("zero in every shape is 0.00", () => {
    for (const zero of [0, -0, "0", "0.000", 0n, { value: "0", precision: 20 }, { raw: { value: 0 } }]) {
      expect(toApiAmount(zero)).toBe("0.00")
    }
  })

  it("the result is always a 2-decimal string, whatever double comes in", () => {
    fc.assert(
      fc.property(fc.double({ min: -1e12, max: 1e12, noNaN: true }), (value) => {
        const text = toApiAmount(value)
        expect(text).toMatch(API_AMOUNT)
        expect(typeof toMinorUnits(value)).toBe("bigint")
      }),
    )
  })

  it("toMoney upper-cases the currency", () => {
    expect(toMoney({ value: "10.005", precision: 20 }, "gbp")).toEqual({ amount: "10.01", currency: "GBP" })
  })
})

describe("money: refusals", () => {
  it.each([NaN, Infinity, -Infinity, "abc", "", "1,00"])("refuses %p naming the field", (input) => {
    expect(() => toMinorUnits(input as never, "items[0].price")).toThrow(MoneyError)
    try {
      toMinorUnits(input as never, "items[0].price")
    } catch (error) {
      expect((error as MoneyError).field).toBe("items[0].price")
    }
  })

  it("refuses an API amount with more than 2 decimals instead of rounding it", () => {
    expect(() => apiAmountToMinorUnits("1.001")).toThrow(/at most 2 decimal places/)
    expect(apiAmountToMinorUnits("10.5")).toBe(1050n)
    expect(apiAmountToMinorUnits("10")).toBe(1000n)
  })
})

describe("money: exact amounts a merchant asks to move (capture, refund)", () => {
  it.each([
    [20, 2000n],
    [20.1, 2010n],
    [39.95, 3995n],
    ["0", 0n],
    ["49.95", 4995n],
    [{ value: "10.00", precision: 20 }, 1000n],
    // A float's noise from Medusa's arithmetic is not a sub-cent amount.
    [64.46000000000001, 6446n],
    [231.74999999999997, 23175n],
  ] as const)("%p is %p minor units, unrounded", (input, expected) => {
    expect(exactMinorUnits(input as never)).toBe(expected)
  })

  it.each([20.005, 10.005, 39.951, 1e-3, "0.001", { value: "20.005", precision: 20 }])(
    "%p is refused naming the field and the rule, never rounded",
    (input) => {
      expect(() => exactMinorUnits(input as never, "amount")).toThrow(MoneyError)
      expect(() => exactMinorUnits(input as never, "amount")).toThrow(/^amount must have at most 2 decimal places/)
    },
  )

  it("property: any amount of whole cents passes as itself; one with a thousandth that is not 0 never passes", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 12n }), fc.integer({ min: 1, max: 9 }), (cents, thousandth) => {
        const amount = minorUnitsToApiAmount(cents)
        expect(exactMinorUnits(amount)).toBe(cents)
        expect(() => exactMinorUnits(`${amount}${thousandth}`)).toThrow(MoneyError)
      }),
    )
  })
})
