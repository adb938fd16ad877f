import { MedusaError } from "@medusajs/framework/utils"

/** The service refused or did not answer a correct admin request: answered 502 `bad_gateway` rather than Medusa's 500. */
export class ServiceGatewayError extends MedusaError {
  readonly httpStatus = 502
  constructor(message: string, code: string) {
    super(MedusaError.Types.UNEXPECTED_STATE, message, code)
    this.name = "ServiceGatewayError"
  }
}

/** Duck-typed, as a workflow may hand the error on as a copy. */
export function isServiceGatewayError(error: unknown): error is ServiceGatewayError {
  return error instanceof ServiceGatewayError || (error as { name?: string; httpStatus?: number })?.httpStatus === 502
}
