import { apiAmountToMinorUnits, minorUnitsToApiAmount } from "../../client/money"
import { checkCaptureAmount } from "../../payments/capture-amount"

// A refund's money checks, shared by the Pay later box and the refund route: Medusa's own (a positive amount in the
// currency's decimals, at most captured less refunded), which the service enforces too (docs/service-api.md "Create
// Refund"). No server imports: the admin's bundle runs this in the browser.

/** What the checks read of a payment: the order page's PaymentView has these fields. */
export interface RefundablePayment {
  currency: string
  /** API strings with 2 decimals: Medusa's captures and refunds. */
  amounts: { captured: string; refunded: string }
}

export type RefundAmountProblem = "not_a_number" | "too_many_decimals" | "not_positive" | "nothing_refundable" | "more_than_refundable"

export type RefundAmountCheck =
  | { ok: true /** The API amount string to refund, e.g. "12.30". */; amount: string }
  | { ok: false; problem: RefundAmountProblem; message: string }

/** More than any payment holds: the capture's checks then test the amount's form only. */
const UNBOUNDED = "999999999999.99"

/** What can still be refunded: captured less refunded, never below 0 (API string). */
export function refundableAmount(payment: RefundablePayment): string {
  const rest = apiAmountToMinorUnits(payment.amounts.captured, "captured") - apiAmountToMinorUnits(payment.amounts.refunded, "refunded")
  return minorUnitsToApiAmount(rest < 0n ? 0n : rest)
}

/** Checks `amount` (major units as typed, "5" or "12.3"); returns the API string or the first problem, naming the field. */
export function checkRefundAmount(payment: RefundablePayment, amount: string): RefundAmountCheck {
  const currency = payment.currency.toUpperCase()
  // A number, in the currency's decimals, more than 0: the same form as a capture's amount.
  const form = checkCaptureAmount(
    { state: "captured", currency, amounts: { openToCapture: UNBOUNDED }, authorizationExpiresAt: null },
    amount,
  )
  if (!form.ok) return refuse(form.problem as RefundAmountProblem, form.message)
  const minor = apiAmountToMinorUnits(form.amount)
  const refundable = refundableAmount(payment)
  const open = apiAmountToMinorUnits(refundable)
  if (open <= 0n) return refuse("nothing_refundable", "Nothing captured is left to refund on this payment.")
  if (minor > open) {
    return refuse(
      "more_than_refundable",
      `amount ${minorUnitsToApiAmount(minor)} ${currency} is more than the ${refundable} ${currency} captured and not yet refunded`,
    )
  }
  return { ok: true, amount: minorUnitsToApiAmount(minor) }
}

function refuse(problem: RefundAmountProblem, message: string): RefundAmountCheck {
  return { ok: false, problem, message }
}
