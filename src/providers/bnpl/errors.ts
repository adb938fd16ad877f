import { MedusaError } from "@medusajs/framework/utils"
import { PaymentError, describeServiceError, shopperError, type PaymentErrorKind, type ShopperReason } from "../../payments/errors"

const MEDUSA_TYPE: Record<PaymentErrorKind, string> = {
  invalid: MedusaError.Types.INVALID_DATA,
  not_allowed: MedusaError.Types.NOT_ALLOWED,
  authorization: MedusaError.Types.PAYMENT_AUTHORIZATION_ERROR,
  unexpected: MedusaError.Types.UNEXPECTED_STATE,
}

/**
 * The payments core's error as the MedusaError Medusa presents: its reason becomes the
 * error's `code` (what storefronts and the return route read), its kind the error type (a
 * MedusaError reaches the admin or shopper as a 4xx with the message; a plain Error would be a
 * 500, DESIGN.md "Medusa 2.21 facts"). Anything else is described first (payments/errors.ts).
 */
export function toMedusaError(error: unknown, operation = "The payment operation"): MedusaError {
  if (error instanceof MedusaError) return error
  const described = error instanceof PaymentError ? error : describeServiceError(operation, error)
  return new MedusaError(MEDUSA_TYPE[described.kind] as never, described.message, described.reason)
}

/** A shopper-facing MedusaError with `code` = `reason` (payments/errors.ts SHOPPER_MESSAGES). */
export function shopperMedusaError(reason: ShopperReason): MedusaError {
  return toMedusaError(shopperError(reason))
}
