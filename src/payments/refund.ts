import { assertOwnPayment, type PaymentContext } from "./payment-context"
import type { BnplPaymentData } from "./session-data"

/**
 * Refunds `amountMinor` with Create Refund (docs/service-api.md "Create Refund"), requestId =
 * Medusa's refund id, under the payment's lock; refunds whose answer was lost count towards
 * it (money-operations.ts). Only captured money refunds (rule 5).
 * @throws PaymentError `not_allowed`, `invalid_request`, or the service's refusal.
 */
export async function refund(
  context: PaymentContext,
  input: { data: BnplPaymentData; amountMinor: bigint; refundId: string | undefined }
): Promise<BnplPaymentData> {
  assertOwnPayment(context, input.data)
  return context.money.refund(input.data, input.amountMinor, input.refundId)
}
