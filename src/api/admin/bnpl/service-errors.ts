import { MedusaError } from "@medusajs/framework/utils"
import { describeServiceError, PaymentError } from "../../../payments/errors"
import { toMedusaError } from "../../../providers/bnpl/errors"
import { ServiceGatewayError } from "../../service-gateway-error"

/** The payments core's reasons that mean the service, not the admin's request, failed: 502. */
const GATEWAY_REASONS = new Set(["credentials_refused", "service_unanswered", "service_error", "unavailable", "payment_failed"])

/**
 * An error of the service as the admin should see it, never a 500: a refusal of the request
 * (an amount more than is available, a voided or expired payment, 120 days passed) is a
 * MedusaError answered 4xx with the message; the service refusing the store's credentials, not
 * answering or failing is a `ServiceGatewayError` answered 502 with the message
 * (api/service-gateway-error.ts). `operation` starts the message ("Refund refused"). The
 * client's and the core's messages never hold credentials.
 */
export function adminError(operation: string, error: unknown): MedusaError {
  if (error instanceof ServiceGatewayError) return error
  if (error instanceof MedusaError) {
    const code = (error as MedusaError & { code?: string }).code
    if (code && GATEWAY_REASONS.has(code)) return new ServiceGatewayError(error.message, code)
    return error
  }
  const described = error instanceof PaymentError ? error : describeServiceError(operation, error)
  if (described.kind === "unexpected") return new ServiceGatewayError(described.message, described.reason)
  return toMedusaError(described, operation)
}
