import { refundReferences } from "../payments/refund-references"
import { medusaOrdersOfRecords, type Graph, type MedusaOrderOfRecord } from "../runtime/records/medusa-orders-of-records"
import { readMedusaRefundNotes } from "../runtime/records/medusa-refunds"
import { moneyRecordsOfDay, type MoneyRecordRow } from "../runtime/records/money-records-of-day"
import { moneyRecordsCsv, type MoneyRecordLine } from "../runtime/views/money-records-csv"

/** An account the export covers: its hash (the records' `account`) and its provider. */
export interface ExportedAccount {
  id: string
  providerId: string
}

const iso = (value: Date | string) => new Date(value).toISOString()

/**
 * The CSV of the money records `accounts` wrote on the UTC day `day` ("2026-11-27"), with the
 * references the service was sent and the Medusa order, for matching the settlement file. A record
 * whose Medusa record is gone takes the order from another record of the same service order.
 * @throws Error when the records module is not loaded, or the database fails.
 */
export async function moneyRecordsExport(query: Graph, accounts: ExportedAccount[], day: string): Promise<string> {
  const providers = new Map(accounts.map((account) => [account.id, account.providerId]))
  const rows = await moneyRecordsOfDay([...providers.keys()], day)
  const orders = await medusaOrdersOfRecords(
    query,
    rows.flatMap((row) => (row.medusa_record_id ? [row.medusa_record_id] : [])),
  )
  const orderOfServiceOrder = new Map<string, MedusaOrderOfRecord>()
  for (const row of rows) {
    const order = row.medusa_record_id ? orders.get(row.medusa_record_id) : undefined
    if (order?.orderId) orderOfServiceOrder.set(`${row.account} ${row.service_order_id}`, order)
  }
  const lines: MoneyRecordLine[] = []
  for (const row of rows) {
    const order =
      (row.medusa_record_id ? orders.get(row.medusa_record_id) : undefined) ??
      orderOfServiceOrder.get(`${row.account} ${row.service_order_id}`)
    lines.push({ ...(await references(row)), ...lineOf(row, providers.get(row.account) ?? ""), ...orderCells(order) })
  }
  return moneyRecordsCsv(lines)
}

function lineOf(
  row: MoneyRecordRow,
  providerId: string,
): Omit<MoneyRecordLine, "settlementReference" | "refundMerchantReference" | "orderId" | "orderDisplayId" | "cartId"> {
  return {
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    providerId,
    kind: row.kind,
    state: row.state,
    amount: row.amount,
    currency: row.currency,
    serviceOrderId: row.service_order_id,
    requestId: row.request_id,
    serviceReference: row.service_reference ?? "",
    medusaRecordId: row.medusa_record_id ?? "",
  }
}

async function references(row: MoneyRecordRow): Promise<Pick<MoneyRecordLine, "settlementReference" | "refundMerchantReference">> {
  if (row.kind === "capture") return { settlementReference: row.request_id, refundMerchantReference: "" }
  if (row.kind === "void") return { settlementReference: "", refundMerchantReference: "" }
  const notes = row.medusa_record_id?.startsWith("ref_") ? await readMedusaRefundNotes(row.medusa_record_id) : undefined
  const sent = refundReferences(row.request_id, notes)
  return { settlementReference: sent.refundMerchantReference, refundMerchantReference: sent.merchantReference }
}

function orderCells(order: MedusaOrderOfRecord | undefined): Pick<MoneyRecordLine, "orderId" | "orderDisplayId" | "cartId"> {
  return {
    orderId: order?.orderId ?? "",
    orderDisplayId: order?.orderDisplayId == null ? "" : String(order.orderDisplayId),
    cartId: order?.cartId ?? "",
  }
}
