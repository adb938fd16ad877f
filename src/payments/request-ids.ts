import { createHash } from "node:crypto"

/**
 * Every `requestId` the plugin sends, in one place. A requestId makes a money call
 * idempotent at the service for 24 hours (docs/service-api.md "Idempotent requests";
 * docs/service-api.md "Errors"), so each is derived from
 * something that stays the same across a retry, a time-out, a second press of the admin's
 * button and a second server instance, and changes only when a new operation is meant.
 * Refund requestIds are at most 64 characters, others at most 128 (client/schemas.ts).
 */
export const requestIds = {
  /** Auth: Medusa's idempotency key for the authorisation (the payment session id). */
  auth: (sessionId: string) => sessionId,
  /**
   * Auth of an express checkout: from its checkout token, not the session. Medusa replaces the
   * session whenever the cart's total changes (the popup's address and shipping do), so the
   * token is what stays the same across the complete route, the background job and a retry:
   * one approval per checkout (docs/service-api.md "Auth": idempotent on requestId).
   */
  expressAuth: (token: string) => `express-${createHash("sha256").update(token).digest("hex").slice(0, 48)}`,
  /**
   * Capture: Medusa's capture id, so each capture Medusa records is its own call at the
   * service (two at once are two). Medusa makes a new capture id for every press of Capture,
   * even after one whose answer was lost: the money records (money-records.ts) know that one,
   * and what it applied counts towards the new capture instead of being captured again.
   */
  capture: (captureId: string) => captureId,
  /**
   * Capture under `capture: "on_authorize"`, made by the plugin right after Auth (Medusa then
   * records it without calling the provider): the service order, as earlier versions sent it.
   */
  captureOnAuthorize: (serviceOrderId: string) => `${serviceOrderId}-capture-0.00`,
  /** Refund: Medusa's refund id (or an unanswered earlier attempt's, from the refund journal). */
  refund: (refundId: string) => refundId.slice(0, 64),
  /** Void on cancel: Medusa's payment id, the same on every retry of the cancel. */
  void: (paymentIdOrServiceOrderId: string) => paymentIdOrServiceOrderId,
  /** Void of an approval whose amount is not the session's (found right after Auth). */
  amountMismatchVoid: (serviceOrderId: string) => `${serviceOrderId}-void-amount`,
  /** Void of an approved payment that no Medusa order claims (reconciliation). */
  orphanVoid: (serviceOrderId: string) => `${serviceOrderId}-orphan-void`,
  /**
   * Void of the part of an approval an order change no longer needs (the order's new total is
   * lower; operations/order-changes): one per carried approval, so a retry of the order change's
   * follow-up, on any instance, voids that part once.
   */
  narrowingVoid: (carriedApprovalId: string) => `${carriedApprovalId}-narrow`,
  /** Refund, on cancel, of money the service captured that Medusa never recorded. */
  cancelRefund: (serviceOrderId: string, capturedAtService: string) =>
    `${serviceOrderId}-cancel-refund-${capturedAtService}`.slice(0, 64),
} as const

/**
 * Whether a refund's requestId is `requestIds.cancelRefund`'s (of `serviceOrderId` when given):
 * a refund of money Medusa never recorded as captured, which is no refund Medusa records.
 */
export const isCancelRefund = (requestId: string | undefined, serviceOrderId?: string): boolean =>
  !!requestId && (serviceOrderId ? requestId.startsWith(`${serviceOrderId}-cancel-refund-`) : requestId.includes("-cancel-refund-"))

/** Whether a void's requestId is `requestIds.narrowingVoid`'s: a void of part of what is open, not of all of it. */
export const isNarrowingVoid = (requestId: string): boolean => requestId.endsWith("-narrow")
