import type { MoneyInput } from "../../client/schemas"
import { apiAmountToMinorUnits } from "../../client/money"
import { SandboxRequestError } from "../errors"
import type { StoredPayment } from "../payment-lifecycle"
import { errorResult, type EndpointResult } from "../result"

/**
 * Why nothing more can be captured or voided, if so. An authorisation that ran out after a partial
 * capture is CAPTURED yet answers `payment_expired`, because that is why the rest cannot be captured.
 */
export function refusalForClosedPayment(payment: StoredPayment): EndpointResult | undefined {
  if (payment.status === "DECLINED") {
    return errorResult(412, "precondition_failed", `Payment ${payment.id} was declined`)
  }
  if (payment.expiredAtMs !== undefined) {
    return errorResult(412, "payment_expired", `The authorisation of payment ${payment.id} expired after 13 days`)
  }
  if (payment.openToCaptureMinor === 0n && payment.voidedMinor > 0n) {
    return errorResult(412, "payment_voided", `Payment ${payment.id} was voided`)
  }
  if (payment.openToCaptureMinor === 0n) {
    return errorResult(410, "payment_captured", `Payment ${payment.id} is fully captured`)
  }
  return undefined
}

/** The payment's currency and above zero, else 422. @throws SandboxRequestError */
export function amountForPayment(payment: StoredPayment, amount: MoneyInput, field = "amount"): bigint {
  if (amount.currency !== payment.currency) {
    throw new SandboxRequestError(
      422,
      "invalid_object",
      `${field}.currency ${amount.currency} differs from the payment's currency ${payment.currency}`,
    )
  }
  const minor = apiAmountToMinorUnits(amount.amount)
  if (minor <= 0n) {
    throw new SandboxRequestError(422, "invalid_amount", `${field}.amount must be more than 0.00`)
  }
  return minor
}
