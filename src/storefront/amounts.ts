/*
 * Display amounts in integer minor units (bigint), never floats. Apart from the server's money
 * code so the kit adds no dependency to a bundle. Two-decimal currencies only (GBP, EUR).
 */

/** A major-unit amount as Medusa gives it to a storefront: `49.95`, `"49.95"`, `1000`. */
export type DisplayAmount = number | string

const DECIMAL = /^(\d+)(?:\.(\d+))?$/

/**
 * Major units -> minor units, half-up ("10.005" -> 1001n); a number is read by its decimal spelling.
 * @throws RangeError when it is not a finite, non-negative decimal.
 */
export function toMinorUnits(amount: DisplayAmount): bigint {
  const text = typeof amount === "number" ? numberToDecimal(amount) : String(amount).trim()
  const match = DECIMAL.exec(text)
  if (!match) throw new RangeError(`amount must be a non-negative decimal in major units, got ${JSON.stringify(amount)}`)
  const [, whole, fraction = ""] = match
  const cents = BigInt(whole) * 100n + BigInt(`${fraction}00`.slice(0, 2))
  return fraction.length > 2 && Number(fraction[2]) >= 5 ? cents + 1n : cents
}

function numberToDecimal(value: number): string {
  if (!Number.isFinite(value)) return String(value)
  // Numbers below 1e21 print without an exponent except for tiny ones, which round to 0.
  return Math.abs(value) < 1e-6 ? "0" : value.toString()
}

/** Minor units -> "49.95". */
export function toDecimalString(minor: bigint): string {
  const digits = (minor < 0n ? -minor : minor).toString().padStart(3, "0")
  return `${minor < 0n ? "-" : ""}${digits.slice(0, -2)}.${digits.slice(-2)}`
}

/** Minor units -> "£1,000.00" in `locale`; `Intl.NumberFormat` gets the decimal string, so it is exact. */
export function formatAmount(minor: bigint, currency: string, locale?: string): string {
  const formatter = new Intl.NumberFormat(locale, { style: "currency", currency: currency.toUpperCase() })
  return (formatter.format as unknown as (value: string) => string)(toDecimalString(minor))
}

/**
 * One of `count` equal instalments, half-up (49.95 in 4 -> 12.49); the service may put the
 * rounding difference on one. @throws RangeError when `count` is not a positive integer.
 */
export function instalmentAmount(minor: bigint, count: number): bigint {
  if (!Number.isInteger(count) || count < 1) throw new RangeError(`instalment count must be a positive integer, got ${count}`)
  const divisor = BigInt(count)
  return (minor * 2n + divisor) / (divisor * 2n)
}
