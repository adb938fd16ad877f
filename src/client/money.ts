import BigNumberJs from "bignumber.js"

// Amounts travel as integer minor units (`bigint`) between Medusa's major units and the API's
// 2-decimal strings (docs/service-api.md "Money"), so no amount is ever a float.

/** An ISO 4217 code and a 2-decimal amount string, as the API sends and receives it. */
export interface Money {
  amount: string
  currency: string
}

/** An amount in major units in any shape Medusa hands over: number, decimal string, BigNumber. */
export type MajorUnitAmount =
  | number
  | string
  | bigint
  | { value: string | number; precision?: number }
  | { raw: { value: string | number } }
  | { bigNumber: { toFixed(): string } }
  | { toString(): string }

const API_AMOUNT = /^-?\d+\.\d{2}$/
const FLOAT_NOISE = new BigNumberJs("1e-9")
const LOOSE_DECIMAL = /^-?\d+(\.\d+)?$/

function readDecimal(input: MajorUnitAmount, field: string): BigNumberJs {
  let value: BigNumberJs
  if (typeof input === "number") {
    // String(n) is the shortest representation that round-trips, so 10.005 stays "10.005".
    value = new BigNumberJs(String(input))
  } else if (typeof input === "string" || typeof input === "bigint") {
    value = new BigNumberJs(input.toString().trim())
  } else if (input && typeof input === "object") {
    const shape = input as Record<string, any>
    if (shape.raw && typeof shape.raw === "object" && "value" in shape.raw) {
      value = new BigNumberJs(String(shape.raw.value))
    } else if (shape.bigNumber && typeof shape.bigNumber.toFixed === "function") {
      value = new BigNumberJs(shape.bigNumber.toFixed())
    } else if ("value" in shape) {
      value = new BigNumberJs(String(shape.value))
    } else {
      value = new BigNumberJs(String(input))
    }
  } else {
    throw new MoneyError(field, `must be an amount in major units, got ${String(input)}`)
  }
  if (!value.isFinite()) {
    throw new MoneyError(field, `must be a finite decimal amount, got ${String(input)}`)
  }
  return value
}

/** Thrown when an amount cannot be read; names the field and the rule. */
export class MoneyError extends Error {
  constructor(
    public readonly field: string,
    rule: string,
  ) {
    super(`${field} ${rule}`)
    this.name = "MoneyError"
  }
}

/** Major units -> minor units, rounded half away from zero (10.005 -> 1001n). @throws MoneyError. */
export function toMinorUnits(input: MajorUnitAmount, field = "amount"): bigint {
  const rounded = readDecimal(input, field).decimalPlaces(2, BigNumberJs.ROUND_HALF_UP)
  return BigInt(rounded.shiftedBy(2).toFixed(0))
}

/**
 * Major units -> minor units, exactly: more than 2 decimals is refused, never rounded, because the
 * service moves whole cents and Medusa would keep the unrounded figure. For amounts a merchant asks
 * to move (capture, refund); amounts Medusa computed round with `toMinorUnits`. @throws MoneyError.
 */
export function exactMinorUnits(input: MajorUnitAmount, field = "amount"): bigint {
  const read = readDecimal(input, field)
  const cents = read.decimalPlaces(2, BigNumberJs.ROUND_HALF_UP)
  // Medusa computes in JavaScript numbers: 64.46 may reach us as 64.46000000000001. That is float
  // noise, not a sub-cent amount.
  const value = read.minus(cents).abs().lte(FLOAT_NOISE) ? cents : read
  if ((value.decimalPlaces() ?? 0) > 2) {
    throw new MoneyError(field, `must have at most 2 decimal places (the payment service moves whole cents), got ${value.toFixed()}`)
  }
  return BigInt(value.shiftedBy(2).toFixed(0))
}

/** Integer minor units -> the API's 2-decimal string (1001n -> "10.01", -5n -> "-0.05"). */
export function minorUnitsToApiAmount(minor: bigint): string {
  const negative = minor < 0n
  const digits = (negative ? -minor : minor).toString().padStart(3, "0")
  return `${negative ? "-" : ""}${digits.slice(0, -2)}.${digits.slice(-2)}`
}

/** Major units -> the API's amount string, rounded half-up to 2 decimals. */
export function toApiAmount(input: MajorUnitAmount, field = "amount"): string {
  return minorUnitsToApiAmount(toMinorUnits(input, field))
}

/** Major units + currency -> the API's Money object. */
export function toMoney(input: MajorUnitAmount, currency: string, field = "amount"): Money {
  return { amount: toApiAmount(input, field), currency: currency.toUpperCase() }
}

/** Minor units + currency -> Money. */
export function minorUnitsToMoney(minor: bigint, currency: string): Money {
  return { amount: minorUnitsToApiAmount(minor), currency: currency.toUpperCase() }
}

/** API amount string ("10.01", tolerantly "10") -> minor units. @throws MoneyError above 2 decimals, never rounds. */
export function apiAmountToMinorUnits(amount: string, field = "amount"): bigint {
  if (typeof amount !== "string" || !LOOSE_DECIMAL.test(amount.trim())) {
    throw new MoneyError(field, `must be a decimal string, got ${JSON.stringify(amount)}`)
  }
  const value = new BigNumberJs(amount.trim())
  if ((value.decimalPlaces() ?? 0) > 2) {
    throw new MoneyError(field, `must have at most 2 decimal places, got ${amount}`)
  }
  return BigInt(value.shiftedBy(2).toFixed(0))
}

/** API amount string -> major units as a decimal string, which Medusa takes wherever it takes a BigNumber. */
export function apiAmountToMajorUnits(amount: string, field = "amount"): string {
  return minorUnitsToApiAmount(apiAmountToMinorUnits(amount, field))
}

/** True for exactly the API's form: digits, a point, two digits. */
export function isApiAmount(amount: string): boolean {
  return API_AMOUNT.test(amount)
}
