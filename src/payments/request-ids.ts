/**
 * Every `requestId` the plugin sends, in one place. A requestId makes a money call
 * idempotent at the service for 24 hours (merchant-api-v2.md "Idempotent requests";
 * api-beyond-the-document.md "Pagination, errors, idempotency"), so each is derived from
 * something that stays the same across a retry, a time-out, a second press of the admin's
 * button and a second server instance, and changes only when a new operation is meant.
 * Refund requestIds are at most 64 characters, others at most 128 (client/schemas.ts).
 */
export const requestIds = {
  /** Auth: Medusa's idempotency key for the authorisation (the payment session id). */
  auth: (sessionId: string) => sessionId,
  /**
   * Capture: the service order and what was captured before it. Medusa makes a new capture
   * id for every press of Capture, even after one whose answer was lost; this stays the same
   * until a capture is recorded, so a retry is answered from the service's memory.
   */
  capture: (serviceOrderId: string, capturedBefore: string) => `${serviceOrderId}-capture-${capturedBefore}`,
  /** Refund: Medusa's refund id (or an unanswered earlier attempt's, from the refund journal). */
  refund: (refundId: string) => refundId.slice(0, 64),
  /** Void on cancel: Medusa's payment id, the same on every retry of the cancel. */
  void: (paymentIdOrServiceOrderId: string) => paymentIdOrServiceOrderId,
  /** Void of an authorisation whose payment session was deleted before it became an order. */
  abandonedVoid: (serviceOrderId: string) => `${serviceOrderId}-void-abandoned`,
  /** Void of an approval whose amount is not the session's (found right after Auth). */
  amountMismatchVoid: (serviceOrderId: string) => `${serviceOrderId}-void-amount`,
  /** Void of an approved payment that no Medusa order claims (reconciliation). */
  orphanVoid: (serviceOrderId: string) => `${serviceOrderId}-orphan-void`,
  /** Refund, on cancel, of money the service captured that Medusa never recorded. */
  cancelRefund: (serviceOrderId: string, capturedAtService: string) =>
    `${serviceOrderId}-cancel-refund-${capturedAtService}`.slice(0, 64),
} as const
