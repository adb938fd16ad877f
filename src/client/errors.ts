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
  /** 422 `refund_timelimit_exceeded` (the service's spelling): refunds are refused after 120 days. */
  | "refund_timelimit_exceeded"
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
  declare readonly code: "validation"
  constructor(endpoint: string, field: string, rule: string) {
    super({ code: "validation", endpoint, field, message: `${endpoint}: ${field || "request"} ${rule}` })
    this.name = "BnplValidationError"
  }
}

/** What the class of one reason takes: the details without `code`, which the class fixes. */
export type BnplErrorDetails = Omit<BnplApiErrorDetails, "code">

/** The base of the classes below, so that `instanceof` and `code` always agree. */
function reasonClass<C extends BnplErrorCode>(code: C, name: string) {
  return class extends BnplApiError {
    declare readonly code: C
    constructor(details: BnplErrorDetails) {
      super({ ...details, code })
      this.name = name
    }
  }
}

/** 402 on Auth with a DECLINED payment (in `payment`). */
export class BnplDeclinedError extends reasonClass("declined", "BnplDeclinedError") {}
/** The checkout token is invalid, expired, completed or unknown (`invalid_token`). */
export class BnplInvalidTokenError extends reasonClass("invalid_token", "BnplInvalidTokenError") {}
/** Auth before the consumer confirmed (`invalid_order_transaction_status`). */
export class BnplNotConfirmedError extends reasonClass("not_confirmed", "BnplNotConfirmedError") {}
/** The order is not in a state for this: `precondition_failed`, `payment_voided` or `payment_expired`, kept in `errorCode`. */
export class BnplPreconditionFailedError extends reasonClass("precondition_failed", "BnplPreconditionFailedError") {}
/** More than is available to capture or refund (`invalid_amount`). */
export class BnplInvalidAmountError extends reasonClass("invalid_amount", "BnplInvalidAmountError") {}
/** A request the service refused as wrong (`invalid_object`, other 4xx answers). */
export class BnplInvalidRequestError extends reasonClass("invalid_request", "BnplInvalidRequestError") {}
/** A currency or payment type the account does not offer (`unsupported_currency`, `unsupported_payment_type`). */
export class BnplUnsupportedError extends reasonClass("unsupported", "BnplUnsupportedError") {}
/** The payment is already captured (`payment_captured`, or a 410). */
export class BnplAlreadyCapturedError extends reasonClass("already_captured", "BnplAlreadyCapturedError") {}
/** Refunds are refused 120 days after the payment (`refund_timelimit_exceeded`). */
export class BnplRefundTimeLimitError extends reasonClass("refund_timelimit_exceeded", "BnplRefundTimeLimitError") {}
/** 401: the credentials or the access token were refused. */
export class BnplUnauthorizedError extends reasonClass("unauthorized", "BnplUnauthorizedError") {}
/** No such checkout, payment or resource (404). */
export class BnplNotFoundError extends reasonClass("not_found", "BnplNotFoundError") {}
/** 409: the first request with this requestId is still being processed. */
export class BnplConflictError extends reasonClass("conflict", "BnplConflictError") {}
/** A 5xx answer: the service failed; with a requestId it is safe to send again. */
export class BnplServerError extends reasonClass("server_error", "BnplServerError") {}
/** No whole answer within the read time-out: the change may or may not have been applied. */
export class BnplTimeoutError extends reasonClass("timeout", "BnplTimeoutError") {}
/** The service surely never got the request: no connection, or a kept-alive one it had closed. */
export class BnplNetworkError extends reasonClass("network", "BnplNetworkError") {}
/** The connection broke after the request was sent, before the whole answer: it may have been applied. */
export class BnplConnectionLostError extends reasonClass("connection_lost", "BnplConnectionLostError") {}
/** An answer that is not the API's: not JSON, too large, or a body its schema refuses. */
export class BnplInvalidResponseError extends reasonClass("invalid_response", "BnplInvalidResponseError") {}

/** A failure's `code` other than `validation` (whose class takes the field and the rule instead). */
export type BnplServiceErrorCode = Exclude<BnplErrorCode, "validation">

const CLASS_OF: Record<BnplServiceErrorCode, new (details: BnplErrorDetails) => BnplApiError> = {
  declined: BnplDeclinedError,
  invalid_token: BnplInvalidTokenError,
  not_confirmed: BnplNotConfirmedError,
  precondition_failed: BnplPreconditionFailedError,
  invalid_amount: BnplInvalidAmountError,
  invalid_request: BnplInvalidRequestError,
  unsupported: BnplUnsupportedError,
  already_captured: BnplAlreadyCapturedError,
  refund_timelimit_exceeded: BnplRefundTimeLimitError,
  unauthorized: BnplUnauthorizedError,
  not_found: BnplNotFoundError,
  conflict: BnplConflictError,
  server_error: BnplServerError,
  timeout: BnplTimeoutError,
  network: BnplNetworkError,
  connection_lost: BnplConnectionLostError,
  invalid_response: BnplInvalidResponseError,
}

/** The one way the client makes a failure: an instance of the class of `details.code`. */
export function apiError(details: BnplErrorDetails & { code: BnplServiceErrorCode }): BnplApiError {
  const { code, ...rest } = details
  return new CLASS_OF[code](rest)
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
