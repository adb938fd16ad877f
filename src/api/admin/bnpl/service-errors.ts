import { MedusaError } from "@medusajs/framework/utils"
import { BnplApiError } from "../../../client/errors"

/**
 * An error of the service as the admin should see it: a MedusaError (so Medusa answers 4xx
 * with the message, not a 500) that says what was refused or that the service did not answer.
 * The client's messages never hold credentials.
 */
export function adminError(operation: string, error: unknown): MedusaError {
  if (error instanceof MedusaError) return error
  if (error instanceof BnplApiError) {
    const reference = error.errorId ? ` (service error id ${error.errorId})` : ""
    return new MedusaError(
      error.retryable ? MedusaError.Types.UNEXPECTED_STATE : MedusaError.Types.NOT_ALLOWED,
      `${operation}: ${error.message}${reference}`
    )
  }
  return new MedusaError(MedusaError.Types.UNEXPECTED_STATE, `${operation} failed: ${(error as Error)?.message ?? String(error)}`)
}
