import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { MajorUnitAmount } from "../client/money"
import type { ContainerLike } from "../runtime/infrastructure/shared-types"

type GraphRecord = Record<string, any>

/** An order's payment collection (amounts in major units). */
export interface OrderCollection {
  id: string
  amount: MajorUnitAmount
  currency_code: string
  /** Medusa's PaymentCollectionStatus: `not_paid`, `awaiting`, `authorized`, ... */
  status: string
  payment_sessions: Array<{
    id: string
    provider_id?: string
    status?: string
    amount?: MajorUnitAmount
    authorized_at?: unknown
    data?: Record<string, unknown> | null
  }>
  /** Undefined when no order has the collection. */
  orderId?: string
}

/** The collection statuses a shopper may still pay: nothing authorised on it yet. */
export const PAYABLE_COLLECTION_STATUSES: readonly string[] = ["not_paid", "awaiting"]

/** The collection with its sessions and order id, via the `order_payment_collection` link; undefined when none. */
export async function readOrderCollection(scope: ContainerLike, collectionId: string): Promise<OrderCollection | undefined> {
  const query = scope.resolve(ContainerRegistrationKeys.QUERY)
  const [{ data: collections }, { data: links }] = await Promise.all([
    query.graph({
      entity: "payment_collection",
      fields: [
        "id",
        "amount",
        "currency_code",
        "status",
        "payment_sessions.id",
        "payment_sessions.provider_id",
        "payment_sessions.status",
        "payment_sessions.amount",
        "payment_sessions.authorized_at",
        "payment_sessions.data",
      ],
      filters: { id: collectionId },
    }),
    query.graph({ entity: "order_payment_collection", fields: ["order_id"], filters: { payment_collection_id: collectionId } }),
  ])
  const collection = collections[0] as GraphRecord | undefined
  if (!collection) return undefined
  return {
    id: collection.id,
    amount: collection.amount,
    currency_code: collection.currency_code,
    status: collection.status,
    payment_sessions: (collection.payment_sessions ?? []).filter(Boolean),
    orderId: (links[0] as { order_id?: string } | undefined)?.order_id,
  }
}

/** The order as `query.graph` gives it with `fields`; undefined when no order has that id. */
export async function readOrderForSnapshot(
  scope: ContainerLike,
  orderId: string,
  fields: readonly string[],
): Promise<GraphRecord | undefined> {
  const query = scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "order", fields: ["id", ...fields], filters: { id: orderId } })
  return data[0] as GraphRecord | undefined
}
