import { MedusaError } from "@medusajs/framework/utils"
import { BnplApiError } from "../../client/errors"

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
