import { MedusaError } from "@medusajs/framework/utils"
import { BnplApiError } from "../../client/errors"

/**
 * The reasons a shopper's payment did not go through, as machine-readable codes: the
 * `code` of the MedusaError the store answers with, and the `bnpl_error` the return route
 * sends to the storefront (docs/storefront.md). Storefronts read these, never the wording.
 */
export const SHOPPER_REASONS = [
  "declined",
  "expired",
  "not_confirmed",
  "cart_changed",
  "amount_changed",
  "not_eligible",
  "unavailable",
  "payment_failed",
] as const
export type ShopperReason = (typeof SHOPPER_REASONS)[number]

/** Short words for the shopper; the merchant's detail goes to the log. */
const SHOPPER_MESSAGES: Record<ShopperReason, string> = {
  declined: "The pay later payment was declined by the provider. Please choose another payment method.",
  expired: "The pay later checkout has expired or was already used. Please start the payment again.",
  not_confirmed: "The pay later payment is not confirmed yet. Please try again in a moment.",
  cart_changed: "Your basket changed after you approved pay later. Please check it and approve the payment again.",
  amount_changed: "Your basket total changed after you approved pay later. Please start the payment again.",
  not_eligible: "Pay later is not available for this basket.",
  unavailable: "Pay later is not available right now. Please try again later or choose another payment method.",
  payment_failed: "The pay later payment could not be completed. Please try again or choose another payment method.",
}

/**
 * The error a shopper sees: generic words and a `code` (a ShopperReason).
 * `message` overrides the default words where they are the shopper's own to act on (a limit).
 */
export function shopperError(reason: ShopperReason, message: string = SHOPPER_MESSAGES[reason]): MedusaError {
  const type =
    reason === "declined" || reason === "expired" || reason === "amount_changed"
      ? MedusaError.Types.PAYMENT_AUTHORIZATION_ERROR
      : reason === "unavailable" || reason === "payment_failed"
        ? MedusaError.Types.UNEXPECTED_STATE
        : MedusaError.Types.NOT_ALLOWED
  return new MedusaError(type, message, reason)
}

/**
 * For a call made on the shopper's behalf (starting a checkout, authorising): the merchant's
 * detail (toMedusaError's message, which never holds a secret) is logged, and the shopper gets
 * `shopperError(reason)`. A MedusaError that already carries a shopper reason passes through.
 */
export function toShopperError(
  operation: string,
  error: unknown,
  reason: ShopperReason,
  logger?: { warn?(message: string): void; error?(message: string): void }
): MedusaError {
  if (error instanceof MedusaError && (SHOPPER_REASONS as readonly string[]).includes(String(error.code))) return error
  const detail = toMedusaError(operation, error)
  const serious = error instanceof BnplApiError && (error.code === "unauthorized" || error.code === "invalid_request" || error.code === "validation")
  const log = serious ? logger?.error : logger?.warn
  log?.call(logger, `medusa-payment-bnpl: ${detail.message}`)
  return shopperError(reason)
}

const UNANSWERED: Record<string, string> = {
  timeout: "the payment service did not answer in time",
  network: "the payment service could not be reached",
  server_error: "the payment service answered with a server error",
  conflict: "the payment service is still processing an earlier attempt",
}

/**
 * Turns a failed service call into the MedusaError an admin or shopper can act on.
 * A `MedusaError` reaches the admin as a 4xx with this message; a plain Error would be a 500
 * (DESIGN.md, "Medusa 2.21 facts"). Messages name the operation and what to do, never a
 * credential.
 */
export function toMedusaError(operation: string, error: unknown): MedusaError {
  if (error instanceof MedusaError) return error
  if (!(error instanceof BnplApiError)) {
    return new MedusaError(
      MedusaError.Types.UNEXPECTED_STATE,
      `${operation} failed: ${(error as Error)?.message ?? String(error)}`
    )
  }
  const reference = error.errorId ? ` (service error id ${error.errorId})` : ""
  switch (error.code) {
    case "invalid_amount":
      return new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `${operation} refused by the payment service: the amount is more than is available${reference}.`
      )
    case "precondition_failed":
      if (error.errorCode === "payment_expired") {
        return new MedusaError(
          MedusaError.Types.NOT_ALLOWED,
          `${operation} refused: the authorisation has expired (authorisations last 13 days, then the service voids them). Ask the customer to pay again with a new order${reference}.`
        )
      }
      if (error.errorCode === "payment_voided") {
        return new MedusaError(
          MedusaError.Types.NOT_ALLOWED,
          `${operation} refused: the payment was voided at the payment service and cannot be changed${reference}.`
        )
      }
      return new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `${operation} refused by the payment service: the order is not in a state that allows it (for example it was declined)${reference}.`
      )
    case "refund_time_limit_exceeded":
      return new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `${operation} refused: the service accepts refunds for 120 days only; refund the customer another way${reference}.`
      )
    case "invalid_request":
    case "validation":
      return new MedusaError(MedusaError.Types.INVALID_DATA, `${operation}: ${error.message}`)
    case "unauthorized":
      return new MedusaError(
        MedusaError.Types.UNEXPECTED_STATE,
        `${operation} failed: the payment service refused the merchant credentials; check merchantId, secretKey and region.`
      )
    case "timeout":
    case "network":
    case "server_error":
    case "conflict":
      return new MedusaError(
        MedusaError.Types.UNEXPECTED_STATE,
        `${operation} could not be completed: ${UNANSWERED[error.code]}. It is safe to try again; it will not be applied twice.`
      )
    default:
      return new MedusaError(
        MedusaError.Types.UNEXPECTED_STATE,
        `${operation} failed at the payment service: ${error.message}${reference}`
      )
  }
}
