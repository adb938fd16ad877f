import type { Payment } from "../client/schemas"
import { apiAmountToMinorUnits } from "../client/money"

/**
 * The service's `paymentState` values (docs/service-api.md "Payment (order)";
 * AUTH_APPROVED and AUTH_DECLINED from docs/service-api.md "States and transitions").
 * EXPIRED is the state of an authorisation voided after its 13 days (rule 1).
 */
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

/** Something is still open to capture (or to void): approved, or approved and partly captured. */
export const isOpen = (state: PaymentState | undefined): boolean => state === "AUTH_APPROVED" || state === "PARTIALLY_CAPTURED"
/** An approval stands: open, or captured in full. */
export const isApproved = (state: PaymentState | undefined): boolean => isOpen(state) || state === "CAPTURED"
/** Nothing is left to capture because all of it was. */
export const isCaptured = (state: PaymentState | undefined): boolean => state === "CAPTURED"
/** Nothing is left to capture and nothing was taken: voided by the merchant, or expired. */
export const isVoidedOrExpired = (state: PaymentState | undefined): boolean => state === "VOIDED" || state === "EXPIRED"

/**
 * Where a session stands before the service has a payment for it: the plugin's own words for
 * the checkout (never sent by the service), so that these statuses, too, come from
 * `toSessionStatus`. Open: the consumer may still confirm (docs/service-api.md "Checkout").
 */
export const CHECKOUT_OPEN = "CHECKOUT_OPEN"
/** Auth answered "not confirmed": the consumer has not confirmed the checkout yet. */
export const CHECKOUT_NOT_CONFIRMED = "CHECKOUT_NOT_CONFIRMED"
/** The checkout token is gone and no payment was made of it (cancelled or expired). */
export const CHECKOUT_GONE = "CHECKOUT_GONE"
export type CheckoutState = typeof CHECKOUT_OPEN | typeof CHECKOUT_NOT_CONFIRMED | typeof CHECKOUT_GONE

/**
 * A payment session's status in Medusa's terms (the values of Medusa's
 * `PaymentSessionStatus`), so the core needs no Medusa import.
 */
export type SessionStatus = "pending" | "requires_more" | "authorized" | "captured" | "canceled" | "error"

/**
 * The service's paymentState -> the payment session's status, in one place (as Medusa's
 * Stripe provider derives status from the service's own object in one function).
 *
 * An authorisation past its 13-day life (rule 1) is `canceled` even before the service has
 * marked it EXPIRED, because it can no longer be captured; a partly captured one is
 * `captured` then (the rest was voided). Before there is a payment, `paymentState` may be
 * one of the checkout's states (CHECKOUT_OPEN and the others above); unset or unknown is
 * `pending`.
 */
export function toSessionStatus(
  paymentState: PaymentState | CheckoutState | string | undefined,
  authorizationExpiresAt: string | undefined,
  now: Date = new Date()
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

/**
 * The authorisation's expiry: the `expires` of the payment's AUTH_APPROVED event
 * (docs/service-api.md "Events", rule 1).
 */
export function authorizationExpiry(payment: Pick<Payment, "events">): string | undefined {
  return payment.events?.find((event) => event.type === "AUTH_APPROVED")?.expires
}

/**
 * What the service has captured of a payment: the sum of its CAPTURED events, in minor units
 * (docs/service-api.md "Events"). The one place this sum is made: money operations, the
 * admin's service snapshot (runtime/views/service-payment-snapshots.ts).
 */
export function capturedAtService(payment: Pick<Payment, "events">): bigint {
  return (payment.events ?? [])
    .filter((event) => event.type === "CAPTURED" && event.amount)
    .reduce((sum, event) => sum + apiAmountToMinorUnits(event.amount!.amount, "events.amount"), 0n)
}
