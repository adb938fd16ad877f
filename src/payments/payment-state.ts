import type { Payment } from "../client/schemas"
import { apiAmountToMinorUnits } from "../client/money"

/** The service's `paymentState` values (docs/service-api.md "Payment (order)"); EXPIRED: voided after its 13 days. */
export const PAYMENT_STATES = [
  "AUTH_APPROVED",
  "AUTH_DECLINED",
  "PARTIALLY_CAPTURED",
  "CAPTURED",
  "CAPTURE_DECLINED",
  "VOIDED",
  "EXPIRED",
] as const
export type PaymentState = (typeof PAYMENT_STATES)[number]

/** Reads a `paymentState` the service sent; an unknown value (a newer service) is `undefined`. */
export function asPaymentState(value: unknown): PaymentState | undefined {
  return (PAYMENT_STATES as readonly unknown[]).includes(value) ? (value as PaymentState) : undefined
}

/** Something is still open to capture or void. */
export const isOpen = (state: PaymentState | undefined): boolean => state === "AUTH_APPROVED" || state === "PARTIALLY_CAPTURED"
/** An approval stands: open, or captured in full. */
export const isApproved = (state: PaymentState | undefined): boolean => isOpen(state) || state === "CAPTURED"
/** Captured in full. */
export const isCaptured = (state: PaymentState | undefined): boolean => state === "CAPTURED"
/** Nothing left to capture and nothing taken. */
export const isVoidedOrExpired = (state: PaymentState | undefined): boolean => state === "VOIDED" || state === "EXPIRED"

/** The plugin's own checkout states before the service has a payment (never sent by the service), so `toSessionStatus` maps them too. */
export const CHECKOUT_OPEN = "CHECKOUT_OPEN"
/** Auth answered "not confirmed": the consumer has not confirmed the checkout yet. */
export const CHECKOUT_NOT_CONFIRMED = "CHECKOUT_NOT_CONFIRMED"
/** The checkout token is gone and no payment was made of it. */
export const CHECKOUT_GONE = "CHECKOUT_GONE"
export type CheckoutState = typeof CHECKOUT_OPEN | typeof CHECKOUT_NOT_CONFIRMED | typeof CHECKOUT_GONE

/** Medusa's `PaymentSessionStatus` values, so the core needs no Medusa import. */
export type SessionStatus = "pending" | "requires_more" | "authorized" | "captured" | "canceled" | "error"

/**
 * The service's paymentState as the session's status. Past its 13 days an authorisation is `canceled` (or `captured` when
 * partly captured) before the service marks it EXPIRED: it cannot be captured.
 */
export function toSessionStatus(
  paymentState: PaymentState | CheckoutState | string | undefined,
  authorizationExpiresAt: string | undefined,
  now: Date = new Date(),
): SessionStatus {
  switch (paymentState) {
    case CHECKOUT_NOT_CONFIRMED:
      return "requires_more"
    case CHECKOUT_GONE:
      return "canceled"
  }
  switch (asPaymentState(paymentState)) {
    case "AUTH_APPROVED":
      return isExpired(authorizationExpiresAt, now) ? "canceled" : "authorized"
    case "PARTIALLY_CAPTURED":
      return isExpired(authorizationExpiresAt, now) ? "captured" : "authorized"
    case "CAPTURED":
      return "captured"
    case "VOIDED":
    case "EXPIRED":
      return "canceled"
    case "AUTH_DECLINED":
    case "CAPTURE_DECLINED":
      return "error"
    default:
      return "pending"
  }
}

/** True when the authorisation's expiry is known and has passed. */
export function isExpired(authorizationExpiresAt: string | undefined, now: Date = new Date()): boolean {
  return !!authorizationExpiresAt && Date.parse(authorizationExpiresAt) <= now.getTime()
}

/** The `expires` of the payment's AUTH_APPROVED event (docs/service-api.md "Events"). */
export function authorizationExpiry(payment: Pick<Payment, "events">): string | undefined {
  return payment.events?.find((event) => event.type === "AUTH_APPROVED")?.expires
}

/** What the service has captured, minor units: the sum of its CAPTURED events. The one place this sum is made. */
export function capturedAtService(payment: Pick<Payment, "events">): bigint {
  return (payment.events ?? [])
    .filter((event) => event.type === "CAPTURED" && event.amount)
    .reduce((sum, event) => sum + apiAmountToMinorUnits(event.amount!.amount, "events.amount"), 0n)
}
