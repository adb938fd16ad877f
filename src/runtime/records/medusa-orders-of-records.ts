/** The Medusa order a money record's Medusa record (capture, refund or payment) belongs to. */
export interface MedusaOrderOfRecord {
  orderId: string | null
  orderDisplayId: number | null
  /** The cart the order was placed from: the `merchantReference` Auth sent the service. */
  cartId: string | null
}

/** Medusa's Query, as far as this reads it. */
export interface Graph {
  graph(input: { entity: string; fields: string[]; filters: Record<string, unknown> }): Promise<{ data: unknown[] }>
}

interface PaymentRead {
  id: string
  payment_collection?: { order?: { id: string; display_id?: number | null } | null; cart?: { id: string } | null } | null
}

const PAYMENT_FIELDS = ["id", "payment_collection.order.id", "payment_collection.order.display_id", "payment_collection.cart.id"]

/** The Medusa order of each record id (`capt_`, `ref_`, `pay_`), in three queries; ids Medusa deleted are absent. */
export async function medusaOrdersOfRecords(query: Graph, recordIds: string[]): Promise<Map<string, MedusaOrderOfRecord>> {
  const found = new Map<string, MedusaOrderOfRecord>()
  if (!recordIds.length) return found
  const ofKind = (prefix: string) => [...new Set(recordIds.filter((id) => id.startsWith(prefix)))]
  const paymentOf = new Map<string, string>(ofKind("pay_").map((id) => [id, id]))
  for (const [entity, prefix] of [
    ["capture", "capt_"],
    ["refund", "ref_"],
  ] as const) {
    const ids = ofKind(prefix)
    if (!ids.length) continue
    const { data } = await query.graph({ entity, fields: ["id", "payment.id"], filters: { id: ids } })
    for (const row of data as Array<{ id: string; payment?: { id: string } | null }>)
      if (row.payment?.id) paymentOf.set(row.id, row.payment.id)
  }
  const paymentIds = [...new Set(paymentOf.values())]
  if (!paymentIds.length) return found
  const { data } = await query.graph({ entity: "payment", fields: PAYMENT_FIELDS, filters: { id: paymentIds } })
  const payments = new Map((data as PaymentRead[]).map((payment) => [payment.id, payment]))
  for (const [recordId, paymentId] of paymentOf) {
    const collection = payments.get(paymentId)?.payment_collection
    if (!payments.has(paymentId)) continue
    found.set(recordId, {
      orderId: collection?.order?.id ?? null,
      orderDisplayId: collection?.order?.display_id ?? null,
      cartId: collection?.cart?.id ?? null,
    })
  }
  return found
}
