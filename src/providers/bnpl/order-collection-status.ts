import { PaymentSessionStatus } from "@medusajs/framework/utils"
import { isOrderCollectionSession } from "../../payments/order-collection"
import { asPaymentData } from "../../payments/session-data"

const WAITING: readonly unknown[] = [PaymentSessionStatus.PENDING, PaymentSessionStatus.REQUIRES_MORE]

/**
 * Medusa 2.21 attaches a payment to an existing order only for a session in
 * `pending_authorization` (authorizePaymentSessionForOrderWorkflow's first step refuses any
 * other), and its payment module keeps a session in that status, without an error, when the
 * provider's authorizePayment answers it again. So a session of an order's payment collection
 * (`data.orderCollection`, payments/order-collection.ts) that waits for its consumer is
 * `pending_authorization`, from initiatePayment (the checkout is open) and from
 * authorizePayment (Auth answered "not confirmed" yet): the return route and the background
 * job can try it again. Every other status, and every cart's session, is returned unchanged.
 */
export function withOrderCollectionStatus<T extends { data?: Record<string, unknown>; status?: unknown }>(output: T): T {
  if (!WAITING.includes(output.status) || !isOrderCollectionSession(asPaymentData(output.data))) return output
  // Medusa's types and utils each declare the enum; the value is the same string.
  return { ...output, status: PaymentSessionStatus.PENDING_AUTHORIZATION as T["status"] }
}
