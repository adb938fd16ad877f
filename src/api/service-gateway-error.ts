import { MedusaError } from "@medusajs/framework/utils"

/**
 * The payment service refused or did not answer a call the admin asked for (its credentials
 * refused, no answer, a 5xx, an answer it could not give): the admin's request itself was
 * right, so the plugin's error handler (outage-error-handler.ts) answers `502` with
 * `{ type: "bad_gateway", code, message }`, the message saying what the service did, instead
 * of Medusa's 500 "An unknown error occurred.". `code` is the payments core's reason
 * (`credentials_refused`, `service_unanswered`, `service_error`).
 */
export class ServiceGatewayError extends MedusaError {
  readonly httpStatus = 502
  constructor(message: string, code: string) {
    super(MedusaError.Types.UNEXPECTED_STATE, message, code)
    this.name = "ServiceGatewayError"
  }
}

/** Whether `error` is a refusal of the service to answer as 502 (duck-typed: a workflow may hand it on as a copy). */
export function isServiceGatewayError(error: unknown): error is ServiceGatewayError {
  return error instanceof ServiceGatewayError || (error as { name?: string; httpStatus?: number })?.httpStatus === 502
}
