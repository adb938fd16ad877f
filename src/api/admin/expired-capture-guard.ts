import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { authorizationExpiredError } from "../../payments/errors"
import { asPaymentState, isExpired } from "../../payments/payment-state"
import { asPaymentData } from "../../payments/session-data"
import { toMedusaError } from "../../providers/bnpl/errors"
import { payLaterPaymentOfCaptureRoute } from "./capture-route-payment"

/**
 * On Medusa's `POST /admin/payments/:id/capture`: a pay later payment the expiry job canceled
 * because its authorisation passed its 13 days (docs/service-api.md "What the service does", rule 1) is refused with
 * words that name the expiry, 400 `{ code: "authorization_expired", type: "not_allowed" }`.
 * Medusa's payment module refuses any canceled payment before it asks the provider, with
 * "The payment: pay_... has been canceled.", which does not say why or what to do. Payments
 * of other providers, and pay later payments that are not canceled or not expired, pass to
 * Medusa's route untouched (an uncanceled expired one is refused by the provider itself,
 * payments/money-movements.ts, in the same words).
 */
export async function refuseCaptureOfExpiredPayment(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction): Promise<void> {
  try {
    const payment = await payLaterPaymentOfCaptureRoute(req)
    if (!payment?.canceled_at) return next()
    const paymentData = asPaymentData(payment.data ?? undefined)
    const expired = asPaymentState(paymentData.paymentState) === "EXPIRED" || isExpired(paymentData.authorizationExpiresAt)
    if (!expired) return next()
    throw toMedusaError(authorizationExpiredError(paymentData.authorizationExpiresAt))
  } catch (error) {
    next(error)
  }
}
