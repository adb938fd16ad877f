import { assertOwnPayment, type PaymentContext } from "./payment-context"
import type { BnplPaymentData } from "./session-data"

/**
 * Voids what is left open (docs/service-api.md "Void Payment"), with requestId = Medusa's
 * payment id, under the payment's lock (money-operations.ts). A payment never authorised, or
 * already voided or expired, is left as is.
 * @throws PaymentError when the void fails, or `unrecorded_capture_refunded`.
 */
export async function cancel(
  context: PaymentContext,
  input: { data: BnplPaymentData; idempotencyKey: string | undefined }
): Promise<BnplPaymentData> {
  assertOwnPayment(context, input.data)
  return context.money.cancel(input.data, input.idempotencyKey)
}

/**
 * A session deleted before it became an order. Medusa deletes the old session while it
 * creates the new one (create-payment-session runs both at once), and the new session may
 * take over the old one's approval (checkout.ts, one approval per cart), so nothing is voided
 * here: an approval no session and no order claims is voided by the reconciliation job after
 * its grace (operations/reconcile.ts, docs/operations.md). Never throws.
 */
export async function releaseSession(input: { data: BnplPaymentData }): Promise<BnplPaymentData> {
  return { ...input.data }
}
