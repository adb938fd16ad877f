import { PaymentSessionStatus } from "@medusajs/framework/utils"
import { isOrderCollectionSession } from "../../payments/order-collection"
import { asPaymentData } from "../../payments/session-data"

const WAITING: readonly unknown[] = [PaymentSessionStatus.PENDING, PaymentSessionStatus.REQUIRES_MORE]

/**
 * Medusa attaches a payment to an order only from a `pending_authorization` session and keeps that status on a repeat answer,
 * so a waiting order collection's session answers it and can be tried again.
 */
export function withOrderCollectionStatus<T extends { data?: Record<string, unknown>; status?: unknown }>(output: T): T {
  if (!WAITING.includes(output.status) || !isOrderCollectionSession(asPaymentData(output.data))) return output
  // Medusa's types and utils each declare the enum; the value is the same string.
  return { ...output, status: PaymentSessionStatus.PENDING_AUTHORIZATION as T["status"] }
}
