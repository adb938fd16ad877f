import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { authorizationExpiredError } from "../../payments/errors"
import { asPaymentState, isExpired } from "../../payments/payment-state"
import { asPaymentData } from "../../payments/session-data"
import { toMedusaError } from "../../providers/bnpl/errors"
import { payLaterPaymentOfCaptureRoute } from "./capture-route-payment"

/**
 * On Medusa's capture route: refuses a payment canceled at its expiry (docs/service-api.md "What the service does", rule 1)
 * as `authorization_expired`, since Medusa's own refusal does not say why.
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
