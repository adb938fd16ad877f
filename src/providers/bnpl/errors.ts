import { MedusaError } from "@medusajs/framework/utils"
import { PaymentError, describeServiceError, shopperError, type PaymentErrorKind, type ShopperReason } from "../../payments/errors"

const MEDUSA_TYPE: Record<PaymentErrorKind, string> = {
  invalid: MedusaError.Types.INVALID_DATA,
  not_allowed: MedusaError.Types.NOT_ALLOWED,
  authorization: MedusaError.Types.PAYMENT_AUTHORIZATION_ERROR,
  unexpected: MedusaError.Types.UNEXPECTED_STATE,
}

/** The core's error as a MedusaError with `code` = its reason: a plain Error would reach the shopper as a 500. */
export function toMedusaError(error: unknown, operation = "The payment operation"): MedusaError {
  if (error instanceof MedusaError) return error
  const described = error instanceof PaymentError ? error : describeServiceError(operation, error)
  return new MedusaError(MEDUSA_TYPE[described.kind] as never, described.message, described.reason)
}

/** A shopper-facing MedusaError with `code` = `reason`. */
export function shopperMedusaError(reason: ShopperReason): MedusaError {
  return toMedusaError(shopperError(reason))
}
