import { container as appContainer } from "@medusajs/framework"
import { Modules } from "@medusajs/framework/utils"
import type { RefundNotes } from "../../payments/refund-references"

/**
 * The reason and note Medusa recorded with a refund, read from the store's database by the
 * refund's id (`context.idempotency_key` of the provider's refundPayment).
 *
 * Medusa 2.21's payment module never passes them to a provider (medusajs/medusa#13066): its
 * `refundPayment` creates the refund (with `refund_reason_id` and `note`) in its own
 * transaction, commits it, and only then calls the provider, as it does for a capture
 * (medusa-captures.ts); so the refund is readable here by its id, and stays readable while the
 * plugin sends it again after a lost answer.
 * @returns the reason's label and the note, or undefined outside an app or for an unknown id.
 */
export async function readMedusaRefundNotes(refundId: string): Promise<RefundNotes | undefined> {
  const paymentModule = appContainer.resolve(Modules.PAYMENT, { allowUnregistered: true }) as
    | { listRefunds(filters: Record<string, unknown>, config?: Record<string, unknown>): Promise<Array<{ note?: string | null; refund_reason?: { label?: string | null } | null }>> }
    | undefined
  if (!paymentModule) return undefined
  const [refund] = await paymentModule.listRefunds({ id: refundId }, { select: ["id", "note"], relations: ["refund_reason"] })
  return refund ? { reason: refund.refund_reason?.label ?? null, note: refund.note ?? null } : undefined
}
