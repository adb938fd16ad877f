import { container as appContainer } from "@medusajs/framework"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { RefundNotes } from "../../payments/refund-references"

interface RefundRead {
  id: string
  note?: string | null
  refund_reason?: { label?: string | null } | null
  payment?: {
    id: string
    payment_collection?: { order?: { display_id?: number | null } | null } | null
  } | null
}

/**
 * The reason and note Medusa recorded with a refund, read from the store's database by the
 * refund's id (`context.idempotency_key` of the provider's refundPayment), with the order's
 * display id and the refund's number among its payment's refunds (for the settlement file's
 * reference of a refund with neither; payments/refund-references.ts).
 *
 * Medusa 2.21's payment module never passes them to a provider (medusajs/medusa#13066): its
 * `refundPayment` creates the refund (with `refund_reason_id` and `note`) in its own
 * transaction, commits it, and only then calls the provider, as it does for a capture
 * (medusa-captures.ts); so the refund is readable here by its id, and stays readable while the
 * plugin sends it again after a lost answer.
 * @returns the notes, or undefined outside an app or for an unknown id.
 */
export async function readMedusaRefundNotes(refundId: string): Promise<RefundNotes | undefined> {
  const query = appContainer.resolve(ContainerRegistrationKeys.QUERY, { allowUnregistered: true }) as
    | { graph(input: { entity: string; fields: string[]; filters: Record<string, unknown> }): Promise<{ data: unknown[] }> }
    | undefined
  if (!query) return undefined
  const { data } = await query.graph({
    entity: "refund",
    fields: ["id", "note", "refund_reason.label", "payment.id", "payment.payment_collection.order.display_id"],
    filters: { id: refundId },
  })
  const refund = data[0] as RefundRead | undefined
  if (!refund) return undefined
  const siblings = refund.payment?.id
    ? ((await query.graph({ entity: "refund", fields: ["id", "created_at"], filters: { payment_id: refund.payment.id } })).data as Array<{ id: string; created_at?: string | Date | null }>)
    : []
  const ordered = siblings.sort((a, b) => new Date(a.created_at ?? 0).getTime() - new Date(b.created_at ?? 0).getTime() || a.id.localeCompare(b.id))
  const position = ordered.findIndex((entry) => entry.id === refund.id)
  return {
    reason: refund.refund_reason?.label ?? null,
    note: refund.note ?? null,
    orderDisplayId: refund.payment?.payment_collection?.order?.display_id ?? null,
    refundNumber: position >= 0 ? position + 1 : null,
  }
}
