/** The part of Medusa's admin order (the widget's `data`) the marks are read from. */
export interface OrderPaymentsShape {
  id: string
  status?: string | null
  payment_status?: string | null
  payment_collections?: Array<{
    id?: string
    status?: string | null
    captured_amount?: unknown
    refunded_amount?: unknown
    payments?: Array<{
      id?: string
      captured_at?: unknown
      canceled_at?: unknown
      captures?: unknown[] | null
      refunds?: unknown[] | null
    } | null> | null
  } | null> | null
}

/** One string that changes whenever Medusa's record of the order's payments does. */
export function medusaPaymentMarks(order: OrderPaymentsShape): string {
  const collections = (order.payment_collections ?? []).map((collection) => [
    collection?.id ?? null,
    collection?.status ?? null,
    String(collection?.captured_amount ?? ""),
    String(collection?.refunded_amount ?? ""),
    (collection?.payments ?? []).map((payment) => [
      payment?.id ?? null,
      String(payment?.captured_at ?? ""),
      String(payment?.canceled_at ?? ""),
      payment?.captures?.length ?? 0,
      payment?.refunds?.length ?? 0,
    ]),
  ])
  return JSON.stringify([order.status ?? null, order.payment_status ?? null, collections])
}
