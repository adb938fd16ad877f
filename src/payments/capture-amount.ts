import { apiAmountToMinorUnits, minorUnitsToApiAmount } from "../client/money"
import { isExpired } from "./payment-state"

/** The admin's capture checks, for the order page and the capture-rest route; free of server imports: it runs in the browser. */

/** What the checks read of a payment: the order page's PaymentView has these fields. */
export interface CapturablePayment {
  /** The order page's state: "authorised", "partly_captured", "expired", ... */
  state: string
  currency: string
  /** API string with 2 decimals. */
  amounts: { openToCapture: string }
  authorizationExpiresAt: string | null
}

/** Why a capture amount is refused, for code; `message` names the field and the rule. */
export type CaptureAmountProblem =
  | "not_a_number"
  | "too_many_decimals"
  | "not_positive"
  | "authorization_expired"
  | "nothing_open"
  | "more_than_open"

export type CaptureAmountCheck =
  | { ok: true /** The API amount string to send, e.g. "12.30". */; amount: string }
  | { ok: false; problem: CaptureAmountProblem; message: string }

const DECIMAL = /^\d+(\.\d+)?$/

/** The currency's minor-unit digits (GBP 2, JPY 0), never more than the API's 2. */
export function currencyDecimals(currency: string): number {
  try {
    return Math.min(2, new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2)
  } catch {
    return 2
  }
}

/** Checks `amount` (major units as typed) against `payment`: the API amount string, or the first problem in words. */
export function checkCaptureAmount(payment: CapturablePayment, amount: string, now: Date = new Date()): CaptureAmountCheck {
  const currency = payment.currency.toUpperCase()
  const typed = amount.trim()
  if (!DECIMAL.test(typed)) return refuse("not_a_number", `amount must be a number in ${currency} such as 12.50`)
  const decimals = currencyDecimals(currency)
  if ((typed.split(".")[1]?.length ?? 0) > decimals) {
    return refuse("too_many_decimals", `amount must have at most ${decimals} decimal places in ${currency}`)
  }
  const minor = apiAmountToMinorUnits(typed)
  if (minor <= 0n) return refuse("not_positive", "amount must be more than 0")
  if (payment.state === "expired" || isExpired(payment.authorizationExpiresAt ?? undefined, now)) {
    return refuse(
      "authorization_expired",
      `The authorisation expired${payment.authorizationExpiresAt ? ` on ${payment.authorizationExpiresAt}` : ""}: nothing can be captured any more.`,
    )
  }
  const open = apiAmountToMinorUnits(payment.amounts.openToCapture, "openToCapture")
  if (open <= 0n) return refuse("nothing_open", "Nothing is open to capture on this payment.")
  if (minor > open) {
    return refuse(
      "more_than_open",
      `amount ${minorUnitsToApiAmount(minor)} ${currency} is more than the ${payment.amounts.openToCapture} ${currency} open to capture`,
    )
  }
  return { ok: true, amount: minorUnitsToApiAmount(minor) }
}

function refuse(problem: CaptureAmountProblem, message: string): CaptureAmountCheck {
  return { ok: false, problem, message }
}
