import { BnplApiError } from "../client/errors"
import { SHOPPER_WORDING } from "../vocabulary"

/** Reasons a shopper sees; also the store API's error `code` and the return route's `bnpl_error` (docs/storefront.md "`bnpl_error` reasons"). */
export const SHOPPER_REASONS = [
  "declined",
  "expired",
  "not_confirmed",
  "cart_changed",
  "amount_changed",
  "not_eligible",
  "unavailable",
  "payment_failed",
  "order_failed",
  "excluded_items",
  "order_on_hold",
] as const
export type ShopperReason = (typeof SHOPPER_REASONS)[number]

export type AdminReason =
  /** The request itself is wrong: a missing key, more than is available, a field the service refused. */
  | "invalid_request"
  /** The payment's state forbids it: never authorised, voided, expired, only captured money refunds. */
  | "not_allowed"
  | "authorization_expired"
  | "payment_voided"
  | "refund_timelimit_exceeded"
  | "credentials_refused"
  /** No answer, or a 5xx / 409: the outcome may be unknown; safe to try again. */
  | "service_unanswered"
  | "busy"
  /** A void found money captured that Medusa did not record; it was refunded. */
  | "unrecorded_capture_refunded"
  /** The service's payment is another checkout's or another account's; nothing was shown or done with it. */
  | "payment_mismatch"
  | "records_unavailable"
  | "service_error"
  /** Something in the store failed, not at the service (a database error, a bug); its detail is logged, never answered. */
  | "internal_error"

export type PaymentErrorReason = ShopperReason | AdminReason

/** How the adapter presents the error: as Medusa's INVALID_DATA, NOT_ALLOWED, PAYMENT_AUTHORIZATION_ERROR or UNEXPECTED_STATE. */
export type PaymentErrorKind = "invalid" | "not_allowed" | "authorization" | "unexpected"

const KIND_OF: Record<PaymentErrorReason, PaymentErrorKind> = {
  declined: "authorization",
  expired: "authorization",
  amount_changed: "authorization",
  not_confirmed: "not_allowed",
  cart_changed: "not_allowed",
  not_eligible: "not_allowed",
  unavailable: "unexpected",
  payment_failed: "unexpected",
  order_failed: "not_allowed",
  excluded_items: "not_allowed",
  order_on_hold: "not_allowed",
  invalid_request: "invalid",
  not_allowed: "not_allowed",
  authorization_expired: "not_allowed",
  payment_voided: "not_allowed",
  refund_timelimit_exceeded: "not_allowed",
  credentials_refused: "unexpected",
  service_unanswered: "unexpected",
  busy: "not_allowed",
  unrecorded_capture_refunded: "not_allowed",
  payment_mismatch: "not_allowed",
  records_unavailable: "unexpected",
  service_error: "unexpected",
  internal_error: "unexpected",
}

/** The payments core's one error type: a `reason` to switch on and words for its audience; never holds a secret. */
export class PaymentError extends Error {
  readonly kind: PaymentErrorKind
  /** `cause`: the store's error behind it, for the log only; its text (SQL, ids) never reaches `message`. */
  constructor(
    readonly reason: PaymentErrorReason,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options)
    this.name = "PaymentError"
    this.kind = KIND_OF[reason]
  }
}

/** Short words for the shopper; the merchant's detail goes to the log. */
export const SHOPPER_MESSAGES: Record<ShopperReason, string> = Object.fromEntries(
  SHOPPER_REASONS.map((reason) => [reason, SHOPPER_WORDING[reason]]),
) as Record<ShopperReason, string>

export const isShopperReason = (value: unknown): value is ShopperReason => (SHOPPER_REASONS as readonly unknown[]).includes(value)

/** The error a shopper sees: generic words (or `message` where the shopper can act on it, a limit). */
export function shopperError(reason: ShopperReason, message: string = SHOPPER_MESSAGES[reason]): PaymentError {
  return new PaymentError(reason, message)
}

/** A store failure as the admin reads it, without the error's own text (SQL, row values); kept as `cause` for `logCause`. */
export function internalError(operation: string, error: unknown): PaymentError {
  return new PaymentError(
    "internal_error",
    `${operation} failed in the store, not at the payment service; the server's log has the details.`,
    { cause: error },
  )
}

/** Logs the store's error behind a PaymentError (its `cause`), once, where it is answered. */
export function logCause(logger: PaymentLogger | undefined, error: unknown): void {
  if (!(error instanceof PaymentError) || error.cause === undefined) return
  const cause = error.cause as Error
  logger?.error?.(`medusa-payment-bnpl: ${error.message} Cause: ${cause?.stack ?? cause?.message ?? String(cause)}`)
}

const UNANSWERED: Record<string, string> = {
  timeout: "the payment service did not answer in time",
  network: "the payment service could not be reached",
  server_error: "the payment service answered with a server error",
  conflict: "the payment service is still processing an earlier attempt",
}

/** A failed service call as the admin reads it: the operation, what the service said, what to do; never a credential. */
export function describeServiceError(operation: string, error: unknown): PaymentError {
  if (error instanceof PaymentError) return error
  if (!(error instanceof BnplApiError)) return internalError(operation, error)
  const reference = error.errorId ? ` (service error id ${error.errorId})` : ""
  switch (error.code) {
    case "invalid_amount":
      return new PaymentError(
        "invalid_request",
        `${operation} refused by the payment service: the amount is more than is available${reference}.`,
      )
    case "precondition_failed":
      if (error.errorCode === "payment_expired") {
        return new PaymentError(
          "authorization_expired",
          `${operation} refused: the authorisation has expired (authorisations last 13 days, then the service voids them). Ask the customer to pay again with a new order${reference}.`,
        )
      }
      if (error.errorCode === "payment_voided") {
        return new PaymentError(
          "payment_voided",
          `${operation} refused: the payment was voided at the payment service and cannot be changed${reference}.`,
        )
      }
      return new PaymentError(
        "not_allowed",
        `${operation} refused by the payment service: the order is not in a state that allows it (for example it was declined)${reference}.`,
      )
    case "refund_timelimit_exceeded":
      return new PaymentError(
        "refund_timelimit_exceeded",
        `${operation} refused: the service accepts refunds for 120 days only; refund the customer another way${reference}.`,
      )
    case "invalid_request":
    case "validation":
      return new PaymentError("invalid_request", `${operation}: ${error.message}`)
    case "unauthorized":
      return new PaymentError(
        "credentials_refused",
        `${operation} failed: the payment service refused the merchant credentials; check merchantId, secretKey and region.`,
      )
    case "timeout":
    case "network":
    case "connection_lost":
      // "Not applied twice" is promised only where a requestId makes it true; the client's `outcome` says which.
      return new PaymentError(
        "service_unanswered",
        `${operation} could not be completed: ${error.outcome ?? `${UNANSWERED[error.code] ?? "no answer came back"}.`}`,
      )
    case "server_error":
    case "conflict":
      return new PaymentError(
        "service_unanswered",
        `${operation} could not be completed: ${UNANSWERED[error.code]}. It is safe to try again; it will not be applied twice.`,
      )
    default:
      return new PaymentError("service_error", `${operation} failed at the payment service: ${error.message}${reference}`)
  }
}

/**
 * A capture refused after the authorisation's 13 days, in the same words on every path that
 * refuses it (docs/service-api.md "What the service does", rule 1). `expiresAt`: ISO 8601.
 */
export function authorizationExpiredError(expiresAt: string | undefined): PaymentError {
  return new PaymentError(
    "authorization_expired",
    `Capture refused: the authorisation expired at ${expiresAt ?? "the end of its 13 days"} (authorisations last 13 days, then the service voids them). Ask the customer to pay again with a new order.`,
  )
}

/** Where the core writes what the merchant should know. */
export interface PaymentLogger {
  debug?(message: string): void
  info?(message: string): void
  warn?(message: string): void
  error?(message: string): void
}

/** The shopper gets `reason`'s words and the merchant's detail is logged; an error with a shopper reason passes through. */
export function forShopper(operation: string, error: unknown, reason: ShopperReason, logger?: PaymentLogger): PaymentError {
  if (error instanceof PaymentError && isShopperReason(error.reason)) return error
  const detail = describeServiceError(operation, error)
  const serious = detail.reason === "credentials_refused" || detail.reason === "invalid_request"
  ;(serious ? logger?.error : logger?.warn)?.call(logger, `medusa-payment-bnpl: ${detail.message}`)
  return shopperError(reason)
}
