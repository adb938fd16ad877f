import { apiAmountToMinorUnits, minorUnitsToApiAmount } from "../client/money"
import { isExpired } from "./payment-state"

// What may be captured and refunded, in one home: the core's money movements, the admin routes
// and the Pay later box (in the browser) all ask these functions, so no server imports here.
// The service enforces the same limits (docs/service-api.md "Capture Payment", "Create Refund").

/** Why an amount is refused, for code and for the admin's words in each language. */
export type AmountProblem =
  | "not_a_number"
  | "too_many_decimals"
  | "not_positive"
  | "authorization_expired"
  | "nothing_open"
  | "more_than_open"
  | "nothing_refundable"
  | "more_than_refundable"

export type CaptureAmountProblem = Exclude<AmountProblem, "nothing_refundable" | "more_than_refundable">
export type RefundAmountProblem = Exclude<AmountProblem, "authorization_expired" | "nothing_open" | "more_than_open">

/** A typed amount checked: the API amount string to send (e.g. "12.30"), or the first problem with words naming the field. */
export type AmountCheck<P extends AmountProblem> = { ok: true; amount: string } | { ok: false; problem: P; message: string }

/**
 * The rule for a capture in minor units: more than 0 and at most what is open. Without `openMinor`
 * (where only the service knows it) the amount's sign alone.
 */
export function captureProblem(amountMinor: bigint, openMinor?: bigint): "not_positive" | "nothing_open" | "more_than_open" | undefined {
  if (amountMinor <= 0n) return "not_positive"
  if (openMinor === undefined) return undefined
  if (openMinor <= 0n) return "nothing_open"
  if (amountMinor > openMinor) return "more_than_open"
  return undefined
}

/** What can still be refunded in minor units: captured less refunded, never below 0. */
export function refundableMinor(capturedMinor: bigint, refundedMinor: bigint): bigint {
  const rest = capturedMinor - refundedMinor
  return rest < 0n ? 0n : rest
}

/** The rule for a refund in minor units: more than 0 and at most what is captured and not yet refunded. */
export function refundProblem(
  amountMinor: bigint,
  capturedMinor: bigint,
  refundedMinor: bigint,
): "not_positive" | "nothing_refundable" | "more_than_refundable" | undefined {
  if (amountMinor <= 0n) return "not_positive"
  const refundable = refundableMinor(capturedMinor, refundedMinor)
  if (refundable <= 0n) return "nothing_refundable"
  if (amountMinor > refundable) return "more_than_refundable"
  return undefined
}

/** The currency's minor-unit digits (GBP 2, JPY 0), never more than the API's 2. */
export function currencyDecimals(currency: string): number {
  try {
    return Math.min(2, new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2)
  } catch {
    return 2
  }
}

const DECIMAL = /^\d+(\.\d+)?$/

/** The form of a typed amount (major units, "5" or "12.3"): a number in the currency's decimals, more than 0; minor units. */
function amountOfForm(
  currency: string,
  amount: string,
): { minor: bigint } | { problem: "not_a_number" | "too_many_decimals" | "not_positive"; message: string } {
  const typed = amount.trim()
  if (!DECIMAL.test(typed)) return { problem: "not_a_number", message: `amount must be a number in ${currency} such as 12.50` }
  const decimals = currencyDecimals(currency)
  if ((typed.split(".")[1]?.length ?? 0) > decimals) {
    return { problem: "too_many_decimals", message: `amount must have at most ${decimals} decimal places in ${currency}` }
  }
  const minor = apiAmountToMinorUnits(typed)
  if (minor <= 0n) return { problem: "not_positive", message: "amount must be more than 0" }
  return { minor }
}

/** What the capture check reads of a payment: the order page's PaymentView has these fields. */
export interface CapturablePayment {
  /** The order page's state: "authorised", "partly_captured", "expired", ... */
  state: string
  currency: string
  /** API string with 2 decimals. */
  amounts: { openToCapture: string }
  authorizationExpiresAt: string | null
}

/** Checks a typed capture `amount` (major units) against `payment`. */
export function checkCaptureAmount(payment: CapturablePayment, amount: string, now: Date = new Date()): AmountCheck<CaptureAmountProblem> {
  const currency = payment.currency.toUpperCase()
  const form = amountOfForm(currency, amount)
  if ("problem" in form) return { ok: false, ...form }
  if (payment.state === "expired" || isExpired(payment.authorizationExpiresAt ?? undefined, now)) {
    const on = payment.authorizationExpiresAt ? ` on ${payment.authorizationExpiresAt}` : ""
    return { ok: false, problem: "authorization_expired", message: `The authorisation expired${on}: nothing can be captured any more.` }
  }
  const open = apiAmountToMinorUnits(payment.amounts.openToCapture, "openToCapture")
  const problem = captureProblem(form.minor, open)
  if (problem === "nothing_open") return { ok: false, problem, message: "Nothing is open to capture on this payment." }
  if (problem === "more_than_open") {
    const message = `amount ${minorUnitsToApiAmount(form.minor)} ${currency} is more than the ${payment.amounts.openToCapture} ${currency} open to capture`
    return { ok: false, problem, message }
  }
  return { ok: true, amount: minorUnitsToApiAmount(form.minor) }
}

/** What the refund check reads of a payment: the order page's PaymentView has these fields. */
export interface RefundablePayment {
  currency: string
  /** API strings with 2 decimals: Medusa's captures and refunds. */
  amounts: { captured: string; refunded: string }
}

/** What can still be refunded of `payment`: captured less refunded, never below 0 (API string). */
export function refundableAmount(payment: RefundablePayment): string {
  const { captured, refunded } = payment.amounts
  return minorUnitsToApiAmount(refundableMinor(apiAmountToMinorUnits(captured, "captured"), apiAmountToMinorUnits(refunded, "refunded")))
}

/** Checks a typed refund `amount` (major units) against `payment`. */
export function checkRefundAmount(payment: RefundablePayment, amount: string): AmountCheck<RefundAmountProblem> {
  const currency = payment.currency.toUpperCase()
  const form = amountOfForm(currency, amount)
  if ("problem" in form) return { ok: false, ...form }
  const refundable = refundableAmount(payment)
  const problem = refundProblem(form.minor, apiAmountToMinorUnits(refundable), 0n)
  if (problem === "nothing_refundable") return { ok: false, problem, message: "Nothing captured is left to refund on this payment." }
  if (problem === "more_than_refundable") {
    const message = `amount ${minorUnitsToApiAmount(form.minor)} ${currency} is more than the ${refundable} ${currency} captured and not yet refunded`
    return { ok: false, problem, message }
  }
  return { ok: true, amount: minorUnitsToApiAmount(form.minor) }
}
