import type { RepairSend } from "./repair-sends"
import { authorize } from "./authorise"
import { PaymentError } from "./errors"
import { keepSession, startCheckout } from "./checkout"
import { continueExpressCheckout, startExpressCheckout } from "./express"
import {
  assertOwnPayment,
  createPaymentContext,
  type PaymentContext,
  type PaymentCoreDependencies,
  type PaymentResult,
} from "./payment-context"
import { narrowApproval } from "./narrow"
import { refresh, status } from "./read"
import type { BnplPaymentData } from "./session-data"

export { projectApproval, REPLAYED_APPROVAL_AGE_MS } from "./authorise"
export type { PaymentCoreDependencies, PaymentCoreOptions, PaymentResult } from "./payment-context"

/**
 * The plugin's payment logic, with no Medusa in it (docs/service-api.md "What the service does"). Minor units (bigint) in, API strings in the data;
 * each operation returns new data. @throws PaymentError with a machine-readable reason.
 */
export class PaymentOperations {
  private readonly context: PaymentContext

  constructor(deps: PaymentCoreDependencies) {
    this.context = createPaymentContext(deps)
  }

  startCheckout(input: Parameters<typeof startCheckout>[1]): Promise<PaymentResult & { token: string }> {
    return startCheckout(this.context, input)
  }

  startExpressCheckout(input: Parameters<typeof startExpressCheckout>[1]): Promise<PaymentResult & { token: string }> {
    return startExpressCheckout(this.context, input)
  }

  continueExpressCheckout(input: Parameters<typeof continueExpressCheckout>[1]): Promise<PaymentResult & { token: string }> {
    return continueExpressCheckout(this.context, input)
  }

  keepSession(input: Parameters<typeof keepSession>[0]): PaymentResult {
    return keepSession(input)
  }

  authorize(input: Parameters<typeof authorize>[1]): Promise<PaymentResult> {
    return authorize(this.context, input)
  }

  /** Captures what Medusa recorded for one capture. @throws PaymentError `payment_mismatch`, or as MoneyMovements.capture. */
  async capture(input: {
    data: BnplPaymentData
    capture: { id: string; amountMinor: bigint }
    repair?: RepairSend
  }): Promise<BnplPaymentData> {
    assertOwnPayment(this.context, input.data)
    return this.context.money.capture(input.data, input.capture, input.repair)
  }

  /** Refunds `amountMinor` of captured money. @throws PaymentError `payment_mismatch`, or as MoneyMovements.refund. */
  async refund(input: {
    data: BnplPaymentData
    amountMinor: bigint
    refundId: string | undefined
    repair?: RepairSend
  }): Promise<BnplPaymentData> {
    assertOwnPayment(this.context, input.data)
    return this.context.money.refund(input.data, input.amountMinor, input.refundId, input.repair)
  }

  /** Voids what is left open. @throws PaymentError `payment_mismatch`, or as MoneyMovements.cancel. */
  async cancel(input: { data: BnplPaymentData; idempotencyKey: string | undefined }): Promise<BnplPaymentData> {
    assertOwnPayment(this.context, input.data)
    return this.context.money.cancel(input.data, input.idempotencyKey)
  }

  /** Checks the service order is the data's before the courier update. @throws PaymentError `payment_mismatch`, `not_allowed`. */
  async assertServicePayment(data: BnplPaymentData): Promise<void> {
    assertOwnPayment(this.context, data)
    if (!data.orderId)
      throw new PaymentError("not_allowed", "medusa-payment-bnpl: the payment was never authorised by the payment service.")
    await this.context.money.identity.assertOwn(data, data.orderId)
  }

  /** Keeps `keepMinor` of the approval open and voids the rest. */
  narrowApproval(input: { data: BnplPaymentData; keepMinor: bigint; carriedApprovalId: string }): Promise<BnplPaymentData> {
    assertOwnPayment(this.context, input.data)
    return narrowApproval(this.context, input.data, input.keepMinor, input.carriedApprovalId)
  }

  /** Voids nothing: the new session may take over the approval; reconciliation voids an unclaimed one. Never throws. */
  async releaseSession(input: { data: BnplPaymentData }): Promise<BnplPaymentData> {
    return { ...input.data }
  }

  status(input: Parameters<typeof status>[1]): Promise<PaymentResult> {
    return status(this.context, input)
  }

  refresh(input: Parameters<typeof refresh>[1]) {
    return refresh(this.context, input)
  }
}
