import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { ContainerLike } from "../../runtime/infrastructure/shared-types"

/** Collections Medusa leaves open for what an order owes. */
export const OWED_STATUSES = new Set(["not_paid", "awaiting"])

export interface CollectionRead {
  id: string
  status: string
  amount: unknown
  currency_code: string
  created_at?: string | Date
  payment_sessions?: Array<{ id: string; provider_id: string; status: string; data?: Record<string, unknown> | null } | null> | null
  payments?: Array<{
    id: string
    provider_id: string
    amount: unknown
    canceled_at?: string | Date | null
    captured_at?: string | Date | null
    data?: Record<string, unknown> | null
  } | null> | null
}

export interface OrderRead {
  id: string
  status: string
  /** `pending_difference`: what the order owes beyond what was captured (major units). */
  summary?: { pending_difference?: unknown } | null
  payment_collections?: Array<CollectionRead | null> | null
}

/** The order with its payment collections, their sessions and payments. */
export async function readOrder(scope: ContainerLike, orderId: string): Promise<OrderRead | undefined> {
  const query = scope.resolve<{ graph(input: unknown): Promise<{ data: unknown[] }> }>(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: [
      "id",
      "status",
      "summary",
      "payment_collections.id",
      "payment_collections.status",
      "payment_collections.amount",
      "payment_collections.currency_code",
      "payment_collections.created_at",
      "payment_collections.payment_sessions.id",
      "payment_collections.payment_sessions.provider_id",
      "payment_collections.payment_sessions.status",
      "payment_collections.payment_sessions.data",
      "payment_collections.payment_sessions.amount",
      "payment_collections.payments.id",
      "payment_collections.payments.provider_id",
      "payment_collections.payments.amount",
      "payment_collections.payments.canceled_at",
      "payment_collections.payments.captured_at",
      "payment_collections.payments.data",
    ],
    filters: { id: orderId },
  })
  return data[0] as OrderRead | undefined
}
