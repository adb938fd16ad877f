import { MedusaError } from "@medusajs/framework/utils"
import { describeServiceError, logCause, PaymentError, type PaymentLogger } from "../../../payments/errors"
import { toMedusaError } from "../../../providers/bnpl/errors"
import { ServiceGatewayError } from "../../service-gateway-error"

/** The payments core's reasons that mean the service, not the admin's request, failed: 502. */
const GATEWAY_REASONS = new Set(["credentials_refused", "service_unanswered", "service_error", "unavailable", "payment_failed"])

/**
 * An error of the service as the admin should see it, never a 500: a refusal of the request
 * (an amount more than is available, a voided or expired payment, 120 days passed) is a
 * MedusaError answered 4xx with the message; the service refusing the store's credentials, not
 * answering or failing is a `ServiceGatewayError` answered 502 with the message
 * (api/service-gateway-error.ts); the store's own failure (a database error) is a 500 whose
 * words name the operation and never carry the error's text (its SQL), which goes to `logger`.
 * `operation` starts the message ("Refund refused"). The client's and the core's messages never
 * hold credentials.
 */
export function adminError(operation: string, error: unknown, logger?: PaymentLogger): MedusaError {
  if (error instanceof ServiceGatewayError) return error
  const medusa = asMedusaError(error)
  if (medusa) {
    const code = (medusa as MedusaError & { code?: string }).code
    if (code && GATEWAY_REASONS.has(code)) return new ServiceGatewayError(medusa.message, code)
    return medusa
  }
  const described = error instanceof PaymentError ? error : describeServiceError(operation, error)
  logCause(logger, described)
  // The store's own failure (a database error): 500 in words without its text, which holds SQL.
  if (described.reason === "internal_error" || described.reason === "records_unavailable") {
    return new MedusaError(MedusaError.Types.UNEXPECTED_STATE, described.message, described.reason)
  }
  if (described.kind === "unexpected") return new ServiceGatewayError(described.message, described.reason)
  return toMedusaError(described, operation)
}

const MEDUSA_TYPES = new Set<string>(Object.values(MedusaError.Types))

/**
 * A MedusaError, or the copy of one a workflow hands on when a step failed (its type, message
 * and code, without the class), as a MedusaError; undefined for anything else.
 */
function asMedusaError(error: unknown): MedusaError | undefined {
  if (error instanceof MedusaError) return error
  const shape = error as { type?: unknown; message?: unknown; code?: unknown } | null
  if (!shape || typeof shape.type !== "string" || !MEDUSA_TYPES.has(shape.type) || typeof shape.message !== "string") return undefined
  return new MedusaError(shape.type as never, shape.message, typeof shape.code === "string" ? shape.code : undefined)
}
