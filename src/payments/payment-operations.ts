import type { RepairSend } from "./repair-sends"
import { authorize } from "./authorise"
import { PaymentError } from "./errors"
import { keepSession, startCheckout } from "./checkout"
import { continueExpressCheckout, startExpressCheckout } from "./express"
import { assertOwnPayment, createPaymentContext, type PaymentContext, type PaymentCoreDependencies, type PaymentResult } from "./payment-context"
import { narrowApproval } from "./narrow"
import { refresh, status } from "./read"
import type { BnplPaymentData } from "./session-data"

export { projectApproval, REPLAYED_APPROVAL_AGE_MS } from "./authorise"
export type { PaymentCoreDependencies, PaymentCoreOptions, PaymentResult } from "./payment-context"

/**
 * The payment logic of the plugin, with no Medusa in it: every operation a store makes on a
 * pay-later payment, from the checkout to the void, against the Merchant API v2
 * (docs/service-api.md; docs/service-api.md). Amounts are minor units (bigint) in and
 * API strings in the data; `data` is the payment session's or payment's data
 * (session-data.ts). Each operation returns the new data, never changing its input.
 *
 * The operations before the money moves have one file each (checkout.ts, express.ts,
 * authorise.ts, narrow.ts, read.ts) around the payment facts of payment-state.ts; capture,
 * refund and void go straight to MoneyMovements (money-movements.ts), which owns each money
 * operation and its record. This class holds their shared context and is the shape the
 * provider (providers/bnpl/service.ts) calls. Every money-moving call carries a requestId from
 * request-ids.ts; capture, refund and void of one service order run under `withLock`.
 * @throws PaymentError (errors.ts) with a machine-readable reason, from every operation.
 */
export class PaymentOperations {
  private readonly context: PaymentContext

  constructor(deps: PaymentCoreDependencies) {
    this.context = createPaymentContext(deps)
  }

  /** See checkout.ts `startCheckout`. */
  startCheckout(input: Parameters<typeof startCheckout>[1]): Promise<PaymentResult & { token: string }> {
    return startCheckout(this.context, input)
  }

  /** See express.ts `startExpressCheckout`. */
  startExpressCheckout(input: Parameters<typeof startExpressCheckout>[1]): Promise<PaymentResult & { token: string }> {
    return startExpressCheckout(this.context, input)
  }

  /** See express.ts `continueExpressCheckout`. */
  continueExpressCheckout(input: Parameters<typeof continueExpressCheckout>[1]): Promise<PaymentResult & { token: string }> {
    return continueExpressCheckout(this.context, input)
  }

  /** See checkout.ts `keepSession`. */
  keepSession(input: Parameters<typeof keepSession>[0]): PaymentResult {
    return keepSession(input)
  }

  /** See authorise.ts `authorize`. */
  authorize(input: Parameters<typeof authorize>[1]): Promise<PaymentResult> {
    return authorize(this.context, input)
  }

  /**
   * Captures exactly what Medusa recorded for one capture: its id (the requestId) and amount,
   * under the payment's lock (MoneyMovements.capture; docs/service-api.md "Capture Payment").
   * @throws PaymentError `payment_mismatch`, `not_allowed` (never authorised), `authorization_expired`,
   *   `payment_voided` (logged: usually an order cancelled meanwhile), `invalid_request`, or the service's refusal;
   *   with `repair` (the repair job), RefusedMomentsAgo (repair-sends.ts).
   */
  async capture(input: { data: BnplPaymentData; capture: { id: string; amountMinor: bigint }; repair?: RepairSend }): Promise<BnplPaymentData> {
    assertOwnPayment(this.context, input.data)
    return this.context.money.capture(input.data, input.capture, input.repair)
  }

  /**
   * Refunds `amountMinor` with Create Refund (docs/service-api.md "Create Refund"), requestId =
   * Medusa's refund id, under the payment's lock; refunds whose answer was lost count towards
   * it (MoneyMovements.refund). Only captured money refunds (rule 5).
   * @throws PaymentError `payment_mismatch`, `not_allowed`, `invalid_request`, or the service's refusal.
   */
  async refund(input: { data: BnplPaymentData; amountMinor: bigint; refundId: string | undefined; repair?: RepairSend }): Promise<BnplPaymentData> {
    assertOwnPayment(this.context, input.data)
    return this.context.money.refund(input.data, input.amountMinor, input.refundId, input.repair)
  }

  /**
   * Voids what is left open (docs/service-api.md "Void Payment"), with requestId = Medusa's
   * payment id, under the payment's lock (MoneyMovements.cancel). A payment never authorised, or
   * already voided or expired, is left as is.
   * @throws PaymentError `payment_mismatch`, when the void fails, or `unrecorded_capture_refunded`.
   */
  async cancel(input: { data: BnplPaymentData; idempotencyKey: string | undefined }): Promise<BnplPaymentData> {
    assertOwnPayment(this.context, input.data)
    return this.context.money.cancel(input.data, input.idempotencyKey)
  }

  /**
   * Whether the service order of `data` is its own, before a call that acts on it outside the
   * money movements (the shipment's courier update): by the identity recorded at approval,
   * Get Payment only without one (payment-identity.ts `PaymentIdentityCheck`).
   * @throws PaymentError `payment_mismatch` (nothing to send), `not_allowed` (never authorised), or the read's failure.
   */
  async assertServicePayment(data: BnplPaymentData): Promise<void> {
    assertOwnPayment(this.context, data)
    if (!data.orderId) throw new PaymentError("not_allowed", "medusa-payment-bnpl: the payment was never authorised by the payment service.")
    await this.context.money.identity.assertOwn(data, data.orderId)
  }

  /** See narrow.ts `narrowApproval`: keeps `keepMinor` of the approval open and voids the rest. */
  narrowApproval(input: { data: BnplPaymentData; keepMinor: bigint; carriedApprovalId: string }): Promise<BnplPaymentData> {
    assertOwnPayment(this.context, input.data)
    return narrowApproval(this.context, input.data, input.keepMinor, input.carriedApprovalId)
  }

  /**
   * A session deleted before it became an order. Medusa deletes the old session while it
   * creates the new one (create-payment-session runs both at once), and the new session may
   * take over the old one's approval (checkout.ts, one approval per cart), so nothing is voided
   * here: an approval no session and no order claims is voided by the reconciliation job after
   * its grace (operations/reconcile.ts, docs/operations.md). Never throws.
   */
  async releaseSession(input: { data: BnplPaymentData }): Promise<BnplPaymentData> {
    return { ...input.data }
  }

  /** See read.ts `status`. */
  status(input: Parameters<typeof status>[1]): Promise<PaymentResult> {
    return status(this.context, input)
  }

  /** See read.ts `refresh`. */
  refresh(input: Parameters<typeof refresh>[1]) {
    return refresh(this.context, input)
  }
}
