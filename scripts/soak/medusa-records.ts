import { Client } from "pg"
import type { MedusaPayment, MedusaShipment } from "./checker"
import { toMinor } from "./checker"

/**
 * What Medusa recorded, read from the store's PostgreSQL: every pay-later payment with its
 * order (through the payment collection) and that order's lines as placed, its cart, its amount,
 * the sums of its live captures and refunds, and the approval an order change carried to or
 * from it (`data.carriedApprovalId`);
 * every shipped fulfillment with its order and tracking numbers, and whether the plugin keeps a
 * courier sync error for it (the admin's pay later widget shows those).
 */
export async function readMedusaRecords(
  databaseUrl: string,
): Promise<{ payments: MedusaPayment[]; shipments: MedusaShipment[]; orders: number; canceledOrders: number }> {
  const client = new Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const payments = await client.query(`
      SELECT p.id, p.data->>'orderId' AS service_order_id, p.data->>'carriedApprovalId' AS carried_approval_id, p.canceled_at, p.raw_amount->>'value' AS amount, opc.order_id, o.status AS order_status, cpc.cart_id
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
    // The order as placed: its first version's lines.
    const lines = await client.query(`
      SELECT oi.order_id, li.variant_sku, oi.quantity, li.raw_unit_price->>'value' AS unit_price
      FROM order_item oi JOIN order_line_item li ON li.id = oi.item_id AND li.deleted_at IS NULL
      WHERE oi.version = 1 AND oi.deleted_at IS NULL`)
    const orderItems = new Map<string, Array<{ sku: string; quantity: number; unitPriceMinor: bigint }>>()
    for (const row of lines.rows) {
      const item = { sku: row.variant_sku ?? "", quantity: Number(row.quantity), unitPriceMinor: toMinor(row.unit_price) }
      orderItems.set(row.order_id, [...(orderItems.get(row.order_id) ?? []), item])
    }
    const captured = await sums("capture")
    const refunded = await sums("refund")
    const shipments = await client.query(`
      SELECT f.id, ofl.order_id, array_remove(array_agg(l.tracking_number), NULL) AS tracking,
        EXISTS (SELECT 1 FROM bnpl_courier_sync_error e WHERE e.fulfillment_id = f.id AND e.deleted_at IS NULL) AS sync_error
      FROM fulfillment f
      JOIN order_fulfillment ofl ON ofl.fulfillment_id = f.id AND ofl.deleted_at IS NULL
      LEFT JOIN fulfillment_label l ON l.fulfillment_id = f.id AND l.deleted_at IS NULL
      WHERE f.shipped_at IS NOT NULL AND f.canceled_at IS NULL AND f.deleted_at IS NULL
      GROUP BY f.id, ofl.order_id`)
    const counts = await client.query(
      `SELECT count(*)::int AS orders, count(*) FILTER (WHERE status = 'canceled')::int AS canceled FROM "order" WHERE deleted_at IS NULL`,
    )
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
        amountMinor: toMinor(row.amount),
        ...(row.order_id ? { orderItems: orderItems.get(row.order_id) ?? [] } : {}),
        ...(row.carried_approval_id ? { carriedApprovalId: row.carried_approval_id } : {}),
      })),
      shipments: shipments.rows.map((row) => ({
        fulfillmentId: row.id,
        orderId: row.order_id,
        tracking: row.tracking,
        courierSyncError: row.sync_error,
      })),
      orders: counts.rows[0].orders,
      canceledOrders: counts.rows[0].canceled,
    }
  } finally {
    await client.end()
  }
}
