import { randomBytes } from "node:crypto"

/** Error bodies as the service sends them (docs/service-api.md "Error object"). */
export interface SandboxErrorBody {
  errorCode: string
  errorId: string
  message: string
  httpStatusCode: number
}

/** A fresh error id, the kind a merchant would quote to the service's support. */
export function newErrorId(): string {
  return randomBytes(8).toString("hex")
}

export function errorBody(httpStatusCode: number, errorCode: string, message: string): SandboxErrorBody {
  return { errorCode, errorId: newErrorId(), message, httpStatusCode }
}

/** Thrown inside a handler to answer with an error body; handlers may equally return `errorResult(...)`. */
export class SandboxRequestError extends Error {
  constructor(
    readonly httpStatusCode: number,
    readonly errorCode: string,
    message: string,
  ) {
    super(message)
    this.name = "SandboxRequestError"
  }
}
