// The day's money records as RFC 4180 CSV, to match the service's settlement file (docs/going-live.md "Settlement and
// payouts"). A cell that would start a formula gets a leading `'`, so a refund note like `=HYPERLINK(...)` stays text.

/** One line of the export; every value is text as recorded, empty when unknown. */
export interface MoneyRecordLine {
  /** ISO 8601 UTC, written just before the call went out. */
  createdAt: string
  updatedAt: string
  providerId: string
  kind: "capture" | "refund" | "void"
  state: string
  /** API string with 2 decimals. */
  amount: string
  currency: string
  serviceOrderId: string
  requestId: string
  /** The settlement file's name for the event: a capture's requestId, a refund's `refundMerchantReference`; empty for a void. */
  settlementReference: string
  /** A refund's `merchantReference`; empty for a capture or a void. */
  refundMerchantReference: string
  serviceReference: string
  medusaRecordId: string
  orderId: string
  orderDisplayId: string
  /** The cart the order was placed from: the order's `merchantReference` at the service. */
  cartId: string
}

/** The header line's names, in the lines' order. */
export const MONEY_RECORD_COLUMNS: ReadonlyArray<[keyof MoneyRecordLine, string]> = [
  ["createdAt", "created_at"],
  ["updatedAt", "updated_at"],
  ["providerId", "provider_id"],
  ["kind", "kind"],
  ["state", "state"],
  ["amount", "amount"],
  ["currency", "currency"],
  ["serviceOrderId", "service_order_id"],
  ["requestId", "request_id"],
  ["settlementReference", "settlement_reference"],
  ["refundMerchantReference", "refund_merchant_reference"],
  ["serviceReference", "service_reference"],
  ["medusaRecordId", "medusa_record_id"],
  ["orderId", "order_id"],
  ["orderDisplayId", "order_display_id"],
  ["cartId", "cart_id"],
]

const FORMULA_START = /^[=+\-@\t\r]/
const NEEDS_QUOTES = /[",\r\n]/

/** One CSV cell: text that cannot start a formula, quoted when it must be. */
export function csvCell(value: string): string {
  const text = FORMULA_START.test(value) ? `'${value}` : value
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** The CSV text: the header line, then one line per record, each ending in CRLF. */
export function moneyRecordsCsv(lines: MoneyRecordLine[]): string {
  const header = MONEY_RECORD_COLUMNS.map(([, name]) => name).join(",")
  const body = lines.map((line) => MONEY_RECORD_COLUMNS.map(([key]) => csvCell(line[key])).join(","))
  return [header, ...body].map((row) => `${row}\r\n`).join("")
}
