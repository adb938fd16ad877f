import { apiAmountToMinorUnits, minorUnitsToApiAmount } from "../../client/money"
import { checkCaptureAmount } from "../../payments/capture-amount"

/**
 * The money checks of a refund asked from the order page's Pay later box, in one place for
 * the box (shown as the admin types, nothing refused is sent) and the refund route
 * (api/admin/bnpl/payments/:payment_id/refund). They are Medusa's own: its Refund dialog
 * takes a positive amount in the currency's decimals, and its refund workflow refuses more
 * than was captured less what was refunded ("You are not allowed to refund more than the
 * captured amount"); the service refuses the same (docs/service-api.md "Create Refund": 422
 * `invalid_amount`). Unlike Medusa's menu item, a partly captured payment, and one whose rest
 * was voided, can be refunded up to what it captured. Pure and free of server imports: the
 * admin's bundle runs it in the browser.
 */

/** What the checks read of a payment: the order page's PaymentView has these fields. */
export interface RefundablePayment {
  /** ISO 4217, e.g. "GBP". */
  currency: string
  /** API amount strings (major units, 2 decimals): Medusa's captures and refunds of the payment. */
  amounts: { captured: string; refunded: string }
}

export type RefundAmountProblem = "not_a_number" | "too_many_decimals" | "not_positive" | "nothing_refundable" | "more_than_refundable"

export type RefundAmountCheck =
  | { ok: true; /** The API amount string to refund, e.g. "12.30". */ amount: string }
  | { ok: false; problem: RefundAmountProblem; message: string }

/** More than any payment holds: the capture's checks then test the amount's form only. */
const UNBOUNDED = "999999999999.99"

/** What can still be refunded: captured less refunded, never below 0 (API string). */
export function refundableAmount(payment: RefundablePayment): string {
  const rest = apiAmountToMinorUnits(payment.amounts.captured, "captured") - apiAmountToMinorUnits(payment.amounts.refunded, "refunded")
  return minorUnitsToApiAmount(rest < 0n ? 0n : rest)
}

/**
 * Checks `amount` (major units as typed, e.g. "5" or "12.3") against `payment`.
 * @returns the amount as the API writes it, or the first problem in words naming the field.
 */
export function checkRefundAmount(payment: RefundablePayment, amount: string): RefundAmountCheck {
  const currency = payment.currency.toUpperCase()
  // A number, in the currency's decimals, more than 0: the same form as a capture's amount.
  const form = checkCaptureAmount({ state: "captured", currency, amounts: { openToCapture: UNBOUNDED }, authorizationExpiresAt: null }, amount)
  if (!form.ok) return refuse(form.problem as RefundAmountProblem, form.message)
  const minor = apiAmountToMinorUnits(form.amount)
  const refundable = refundableAmount(payment)
  const open = apiAmountToMinorUnits(refundable)
  if (open <= 0n) return refuse("nothing_refundable", "Nothing captured is left to refund on this payment.")
  if (minor > open) {
    return refuse(
      "more_than_refundable",
      `amount ${minorUnitsToApiAmount(minor)} ${currency} is more than the ${refundable} ${currency} captured and not yet refunded`
    )
  }
  return { ok: true, amount: minorUnitsToApiAmount(minor) }
}

function refuse(problem: RefundAmountProblem, message: string): RefundAmountCheck {
  return { ok: false, problem, message }
}
