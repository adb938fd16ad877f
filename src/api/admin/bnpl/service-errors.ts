import { MedusaError } from "@medusajs/framework/utils"
import { describeServiceError, logCause, PaymentError, type PaymentLogger } from "../../../payments/errors"
import { toMedusaError } from "../../../providers/bnpl/errors"
import { ServiceGatewayError } from "../../service-gateway-error"

/** The payments core's reasons that mean the service, not the admin's request, failed: 502. */
const GATEWAY_REASONS = new Set(["credentials_refused", "service_unanswered", "service_error", "unavailable", "payment_failed"])

/**
 * A service error as the admin sees it, never a bare 500: a refusal of the request is a 4xx MedusaError; credentials
 * refused, no answer or a service failure a 502 `ServiceGatewayError`; the store's own failure a 500 naming `operation`
 * but never the error's text (it holds SQL), which goes to `logger`.
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
  if (described.reason === "internal_error" || described.reason === "records_unavailable") {
    return new MedusaError(MedusaError.Types.UNEXPECTED_STATE, described.message, described.reason)
  }
  if (described.kind === "unexpected") return new ServiceGatewayError(described.message, described.reason)
  return toMedusaError(described, operation)
}

const MEDUSA_TYPES = new Set<string>(Object.values(MedusaError.Types))

/** A MedusaError, or a workflow's plain copy of one, as a MedusaError; else undefined. */
function asMedusaError(error: unknown): MedusaError | undefined {
  if (error instanceof MedusaError) return error
  const shape = error as { type?: unknown; message?: unknown; code?: unknown } | null
  if (!shape || typeof shape.type !== "string" || !MEDUSA_TYPES.has(shape.type) || typeof shape.message !== "string") return undefined
  return new MedusaError(shape.type as never, shape.message, typeof shape.code === "string" ? shape.code : undefined)
}
