/** What went wrong, as a caller needs to decide what to do next; docs/service-api.md "Errors". */
export type BnplErrorCode =
  /** 402 on Auth: the consumer's payment was declined. `payment` holds the DECLINED payment. */
  | "declined"
  /** 402/412 `invalid_token`: the checkout token is invalid, expired, completed or unknown. */
  | "invalid_token"
  /** 412 `invalid_order_transaction_status`: the consumer has not confirmed yet. */
  | "not_confirmed"
  /** 412 `precondition_failed` / `payment_voided` / `payment_expired`: the order is not in a state for this. */
  | "precondition_failed"
  /** 422 `invalid_amount`: more than is available (to refund, to capture). */
  | "invalid_amount"
  /** 422 `invalid_object` and other refused 4xx requests. */
  | "invalid_request"
  /** 422 `unsupported_currency` / `unsupported_payment_type`. */
  | "unsupported"
  | "already_captured"
  /** 422 `refund_timelimit_exceeded`: refunds are refused after 120 days. */
  | "refund_time_limit_exceeded"
  /** 401: bad or missing credentials, or a token the service has stopped accepting. */
  | "unauthorized"
  | "not_found"
  /** 409: the first request with this requestId is still being processed. */
  | "conflict"
  | "server_error"
  /** No whole answer within the read time-out: the service may or may not have applied the request. */
  | "timeout"
  /** The service surely never got the request (refused, DNS, open time-out, closed kept-alive connection). */
  | "network"
  /** The connection broke after the request was sent: the service may or may not have applied it. */
  | "connection_lost"
  | "invalid_response"
  /** The request was refused before it was sent: a field broke the document's rules. */
  | "validation"

export interface BnplApiErrorDetails {
  code: BnplErrorCode
  message: string
  endpoint: string
  httpStatusCode?: number
  errorCode?: string
  /** The service's `errorId`, to quote to its support team. */
  errorId?: string
  field?: string
  /** For `declined` and any error whose body is a Payment. */
  payment?: unknown
  outcome?: string
  cause?: unknown
}

/** A failed Merchant API call; `code` is what a caller switches on. Messages never hold credentials, tokens or headers. */
export class BnplApiError extends Error {
  readonly code: BnplErrorCode
  readonly endpoint: string
  readonly httpStatusCode?: number
  readonly errorCode?: string
  readonly errorId?: string
  readonly field?: string
  readonly payment?: unknown
  /**
   * For `network`, `timeout` and `connection_lost`: one sentence for a shopper or an admin on whether
   * the service got the request and what the client did. Says "not applied twice" only when a
   * `requestId` makes it true. Also the end of `message`.
   */
  outcome?: string

  constructor(details: BnplApiErrorDetails) {
    super(details.message, details.cause === undefined ? undefined : { cause: details.cause })
    this.name = "BnplApiError"
    this.code = details.code
    this.endpoint = details.endpoint
    this.httpStatusCode = details.httpStatusCode
    this.errorCode = details.errorCode
    this.errorId = details.errorId
    this.field = details.field
    this.payment = details.payment
    this.outcome = details.outcome
  }

  /** Whether the very same request may succeed if sent again (given an idempotent call). */
  get retryable(): boolean {
    return (
      this.code === "timeout" ||
      this.code === "network" ||
      this.code === "connection_lost" ||
      this.code === "server_error" ||
      this.code === "conflict"
    )
  }

  /** Log-safe: no bodies beyond the service's own error fields. */
  toJSON(): Record<string, unknown> {
    return {
      name: this.name,
      code: this.code,
      endpoint: this.endpoint,
      httpStatusCode: this.httpStatusCode,
      errorCode: this.errorCode,
      errorId: this.errorId,
      field: this.field,
      message: this.message,
      outcome: this.outcome,
    }
  }
}

/** The request broke a rule of the document; nothing was sent. */
export class BnplValidationError extends BnplApiError {
  constructor(endpoint: string, field: string, rule: string) {
    super({
      code: "validation",
      endpoint,
      field,
      message: `${endpoint}: ${field || "request"} ${rule}`,
    })
    this.name = "BnplValidationError"
  }
}

/** Auth answered 402 with a DECLINED payment. */
export class BnplDeclinedError extends BnplApiError {
  constructor(details: Omit<BnplApiErrorDetails, "code">) {
    super({ ...details, code: "declined" })
    this.name = "BnplDeclinedError"
  }
}

/** The whole answer did not come within the endpoint's read time-out. The change may or may not have been applied. */
export class BnplTimeoutError extends BnplApiError {
  constructor(details: Omit<BnplApiErrorDetails, "code">) {
    super({ ...details, code: "timeout" })
    this.name = "BnplTimeoutError"
  }
}

/** The service surely never got the request: no connection, or a kept-alive one it had closed. */
export class BnplNetworkError extends BnplApiError {
  constructor(details: Omit<BnplApiErrorDetails, "code">) {
    super({ ...details, code: "network" })
    this.name = "BnplNetworkError"
  }
}

/** The connection broke after the request was sent, before the whole answer. The change may or may not have been applied. */
export class BnplConnectionLostError extends BnplApiError {
  constructor(details: Omit<BnplApiErrorDetails, "code">) {
    super({ ...details, code: "connection_lost" })
    this.name = "BnplConnectionLostError"
  }
}

/** Maps an HTTP status and the service's `errorCode` to our `code`; docs/service-api.md "Errors". */
export function classifyServiceError(status: number, errorCode?: string): BnplErrorCode {
  switch (errorCode) {
    case "invalid_token":
      return "invalid_token"
    case "invalid_order_transaction_status":
      return "not_confirmed"
    case "precondition_failed":
    case "payment_voided":
    case "payment_expired":
      return "precondition_failed"
    case "invalid_amount":
      return "invalid_amount"
    case "unsupported_currency":
    case "unsupported_payment_type":
      return "unsupported"
    case "payment_captured":
      return "already_captured"
    case "refund_timelimit_exceeded":
      return "refund_time_limit_exceeded"
    case "unauthorized":
      return "unauthorized"
    case "not_found":
      return "not_found"
  }
  if (status === 401) return "unauthorized"
  if (status === 402) return "declined"
  if (status === 404) return "not_found"
  if (status === 409) return "conflict"
  if (status === 410) return "already_captured"
  if (status === 412) return "precondition_failed"
  if (status >= 500) return "server_error"
  return "invalid_request"
}

/**
 * Options the plugin or the client cannot work with, thrown at start-up, never by a call.
 * `field` names the option, e.g. `providers[1].options.region`; `rule` is what it breaks.
 */
export class BnplOptionsError extends Error {
  constructor(
    readonly field: string,
    readonly rule: string,
    readonly source: "client" | "plugin" = "client",
  ) {
    super(source === "client" ? `BNPL client option ${field} ${rule}` : `medusa-payment-bnpl: option "${field}" ${rule}`)
    this.name = "BnplOptionsError"
  }
}
