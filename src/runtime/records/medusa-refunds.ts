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
 * The reason and note Medusa recorded with a refund, by its id (the provider's `context.idempotency_key`), with the order's
 * display id and the refund's number. Medusa never passes them to a provider but commits the refund before calling it, so
 * it is readable here, on a resend after a lost answer too. Undefined outside an app or for an unknown id.
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
    ? ((await query.graph({ entity: "refund", fields: ["id", "created_at"], filters: { payment_id: refund.payment.id } })).data as Array<{
        id: string
        created_at?: string | Date | null
      }>)
    : []
  const ordered = siblings.sort(
    (a, b) => new Date(a.created_at ?? 0).getTime() - new Date(b.created_at ?? 0).getTime() || a.id.localeCompare(b.id),
  )
  const position = ordered.findIndex((entry) => entry.id === refund.id)
  return {
    reason: refund.refund_reason?.label ?? null,
    note: refund.note ?? null,
    orderDisplayId: refund.payment?.payment_collection?.order?.display_id ?? null,
    refundNumber: position >= 0 ? position + 1 : null,
  }
}
