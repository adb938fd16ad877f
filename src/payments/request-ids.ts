import { createHash } from "node:crypto"

/**
 * Every `requestId` the plugin sends. Each makes a call idempotent for 24 hours (docs/service-api.md "Idempotent requests"), so it
 * comes from what stays the same across a retry, a second press and a second instance. Refunds: at most 64 characters.
 */
export const requestIds = {
  /** Medusa's idempotency key for the authorisation (the session id). */
  auth: (sessionId: string) => sessionId,
  /** From the checkout token: Medusa replaces the session whenever the popup changes the cart's total. */
  expressAuth: (token: string) => `express-${createHash("sha256").update(token).digest("hex").slice(0, 48)}`,
  /** Medusa's capture id; a new press after a lost answer gets a new id, and the records count what the lost one applied. */
  capture: (captureId: string) => captureId,
  /** Medusa records this capture without calling the provider, so it is keyed by the service order. */
  captureOnAuthorize: (serviceOrderId: string) => `${serviceOrderId}-capture-0.00`,
  /** Medusa's refund id (or an unanswered earlier attempt's). */
  refund: (refundId: string) => refundId.slice(0, 64),
  /** Void on cancel: Medusa's payment id, the same on every retry of the cancel. */
  void: (paymentIdOrServiceOrderId: string) => paymentIdOrServiceOrderId,
  amountMismatchVoid: (serviceOrderId: string) => `${serviceOrderId}-void-amount`,
  orphanVoid: (serviceOrderId: string) => `${serviceOrderId}-orphan-void`,
  /** One per carried approval, so a retry of the order change's follow-up, on any instance, voids that part once. */
  narrowingVoid: (carriedApprovalId: string) => `${carriedApprovalId}-narrow`,
  cancelRefund: (serviceOrderId: string, capturedAtService: string) => `${serviceOrderId}-cancel-refund-${capturedAtService}`.slice(0, 64),
} as const

/** Whether a refund's requestId is `requestIds.cancelRefund`'s: a refund Medusa does not record. */
export const isCancelRefund = (requestId: string | undefined, serviceOrderId?: string): boolean =>
  !!requestId && (serviceOrderId ? requestId.startsWith(`${serviceOrderId}-cancel-refund-`) : requestId.includes("-cancel-refund-"))

/** Whether a void's requestId is `requestIds.narrowingVoid`'s: a void of part of what is open, not of all of it. */
export const isNarrowingVoid = (requestId: string): boolean => requestId.endsWith("-narrow")
