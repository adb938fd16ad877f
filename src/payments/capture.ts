import { PaymentError } from "./errors"
import { assertOwnPayment, type PaymentContext } from "./payment-context"
import type { BnplPaymentData } from "./session-data"

/**
 * Captures exactly what Medusa recorded for one capture: its id (the requestId) and amount,
 * under the payment's lock (money-operations.ts; docs/service-api.md "Capture Payment").
 * @throws PaymentError `not_allowed` (never authorised), `authorization_expired`,
 *   `payment_voided` (logged: usually an order cancelled meanwhile), `invalid_request`, or the service's refusal.
 */
export async function capture(
  context: PaymentContext,
  input: { data: BnplPaymentData; capture: { id: string; amountMinor: bigint } }
): Promise<BnplPaymentData> {
  assertOwnPayment(context, input.data)
  if (!input.data.orderId) throw new PaymentError("not_allowed", "Capture refused: the payment was never authorised by the payment service.")
  return context.money.capture(input.data, input.capture)
}
