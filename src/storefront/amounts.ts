/**
 * Amounts for display, in integer minor units (bigint), never as floats. The plugin's server
 * side converts with src/client/money.ts (bignumber.js); this is the browser-side twin, kept
 * separate so the kit adds no dependency to a storefront's bundle. Two-decimal currencies
 * only, as the service's (GBP, EUR).
 */

/** A major-unit amount as Medusa gives it to a storefront: `49.95`, `"49.95"`, `1000`. */
export type DisplayAmount = number | string

const DECIMAL = /^(\d+)(?:\.(\d+))?$/

/**
 * Major units -> integer minor units, rounded half-up to 2 decimals ("10.005" -> 1001n).
 * A number is read through its shortest decimal spelling (49.95 -> "49.95"), not its binary value.
 * @throws RangeError naming the value when it is not a finite, non-negative decimal.
 */
export function toMinorUnits(amount: DisplayAmount): bigint {
  const text = typeof amount === "number" ? numberToDecimal(amount) : String(amount).trim()
  const match = DECIMAL.exec(text)
  if (!match) throw new RangeError(`amount must be a non-negative decimal in major units, got ${JSON.stringify(amount)}`)
  const [, whole, fraction = ""] = match
  const cents = BigInt(whole) * 100n + BigInt((fraction + "00").slice(0, 2))
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

/**
 * Minor units -> the amount as the shopper reads it in their locale ("£1,000.00", "1.000,00 €").
 * The decimal string is handed to `Intl.NumberFormat`, which formats it exactly.
 */
export function formatAmount(minor: bigint, currency: string, locale?: string): string {
  const formatter = new Intl.NumberFormat(locale, { style: "currency", currency: currency.toUpperCase() })
  return (formatter.format as unknown as (value: string) => string)(toDecimalString(minor))
}

/**
 * One instalment of `count` equal ones, rounded half-up to the minor unit (49.95 in 4 ->
 * 12.49): what "Or 4 interest-free payments of £12.49." shows. The service's own schedule may put the
 * rounding difference on one instalment.
 * @throws RangeError when `count` is not a positive integer.
 */
export function instalmentAmount(minor: bigint, count: number): bigint {
  if (!Number.isInteger(count) || count < 1) throw new RangeError(`instalment count must be a positive integer, got ${count}`)
  const divisor = BigInt(count)
  return (minor * 2n + divisor) / (divisor * 2n)
}
