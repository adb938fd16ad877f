import type { BnplPaymentData } from "../payments/session-data"
import { isBnplProvider } from "../payments/session-data"

/** A Medusa payment as read with `query.graph`, with the plugin's data. */
export interface MedusaPaymentRecord {
  id: string
  provider_id: string
  amount?: unknown
  captured_at?: string | Date | null
  canceled_at?: string | Date | null
  data?: BnplPaymentData | null
}

/** `query.graph` fields for a payment, relative to the payment. */
export const PAYMENT_FIELDS = ["id", "provider_id", "amount", "captured_at", "canceled_at", "data"]

/** An order's payments (read with `payment_collections.payments.*`) made with this plugin and approved. */
export function bnplPaymentsOf(
  order:
    | {
        payment_collections?: Array<{ payments?: MedusaPaymentRecord[] | null } | null> | null
      }
    | null
    | undefined,
): MedusaPaymentRecord[] {
  return (order?.payment_collections ?? [])
    .flatMap((collection) => collection?.payments ?? [])
    .filter((payment): payment is MedusaPaymentRecord => !!payment && isBnplProvider(payment.provider_id) && !!payment.data?.orderId)
}
