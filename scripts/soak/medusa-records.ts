import { Client } from "pg"
import type { MedusaPayment } from "./checker"
import { toMinor } from "./checker"

/**
 * What Medusa recorded, read from the store's PostgreSQL: every pay-later payment with its
 * order (through the payment collection), its cart, and the sums of its live captures and refunds.
 */
export async function readMedusaRecords(databaseUrl: string): Promise<{ payments: MedusaPayment[]; orders: number; canceledOrders: number }> {
  const client = new Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const payments = await client.query(`
      SELECT p.id, p.data->>'orderId' AS service_order_id, p.canceled_at, opc.order_id, o.status AS order_status, cpc.cart_id
      FROM payment p
      LEFT JOIN order_payment_collection opc ON opc.payment_collection_id = p.payment_collection_id AND opc.deleted_at IS NULL
      LEFT JOIN "order" o ON o.id = opc.order_id AND o.deleted_at IS NULL
      LEFT JOIN cart_payment_collection cpc ON cpc.payment_collection_id = p.payment_collection_id AND cpc.deleted_at IS NULL
      WHERE p.deleted_at IS NULL AND p.provider_id LIKE 'pp_bnpl%'`)
    const sums = async (table: "capture" | "refund") => {
      const rows = await client.query(`SELECT payment_id, raw_amount->>'value' AS value FROM ${table} WHERE deleted_at IS NULL`)
      const totals = new Map<string, bigint>()
      for (const row of rows.rows) totals.set(row.payment_id, (totals.get(row.payment_id) ?? 0n) + toMinor(row.value))
      return totals
    }
    const captured = await sums("capture")
    const refunded = await sums("refund")
    const counts = await client.query(`SELECT count(*)::int AS orders, count(*) FILTER (WHERE status = 'canceled')::int AS canceled FROM "order" WHERE deleted_at IS NULL`)
    return {
      payments: payments.rows.map((row) => ({
        id: row.id,
        serviceOrderId: row.service_order_id ?? undefined,
        orderId: row.order_id ?? undefined,
        orderStatus: row.order_status ?? undefined,
        cartId: row.cart_id ?? undefined,
        canceled: Boolean(row.canceled_at),
        capturedMinor: captured.get(row.id) ?? 0n,
        refundedMinor: refunded.get(row.id) ?? 0n,
      })),
      orders: counts.rows[0].orders,
      canceledOrders: counts.rows[0].canceled,
    }
  } finally {
    await client.end()
  }
}
