import { PaymentSessionStatus } from "@medusajs/framework/utils"
import type { Payment } from "../../client/schemas"

/**
 * The service's paymentState -> Medusa's payment session status.
 * Source: merchant-api-v2.md "States and transitions"; the states beyond AUTH_APPROVED and
 * AUTH_DECLINED come from api-beyond-the-document.md "The Payment object".
 *
 * An authorisation past its 13-day life (rule 1) is `canceled` even before the service has
 * marked it EXPIRED, because it can no longer be captured.
 */
export function toSessionStatus(
  paymentState: string | undefined,
  authorizationExpiresAt: string | undefined,
  now: Date = new Date()
): PaymentSessionStatus {
  switch (paymentState) {
    case "AUTH_APPROVED":
      return isExpired(authorizationExpiresAt, now)
        ? PaymentSessionStatus.CANCELED
        : PaymentSessionStatus.AUTHORIZED
    case "PARTIALLY_CAPTURED":
      // Past the 13 days the uncaptured rest is voided; what was captured stays captured.
      return isExpired(authorizationExpiresAt, now)
        ? PaymentSessionStatus.CAPTURED
        : PaymentSessionStatus.AUTHORIZED
    case "CAPTURED":
      return PaymentSessionStatus.CAPTURED
    case "VOIDED":
    case "EXPIRED":
      return PaymentSessionStatus.CANCELED
    case "AUTH_DECLINED":
    case "CAPTURE_DECLINED":
      return PaymentSessionStatus.ERROR
    default:
      return PaymentSessionStatus.PENDING
  }
}

/** True when the authorisation's expiry is known and has passed. */
export function isExpired(authorizationExpiresAt: string | undefined, now: Date = new Date()): boolean {
  return !!authorizationExpiresAt && Date.parse(authorizationExpiresAt) <= now.getTime()
}

/**
 * The authorisation's expiry: the `expires` of the payment's AUTH_APPROVED event
 * (merchant-api-v2.md "Events", rule 1).
 */
export function authorizationExpiry(payment: Pick<Payment, "events">): string | undefined {
  return payment.events?.find((event) => event.type === "AUTH_APPROVED")?.expires
}
