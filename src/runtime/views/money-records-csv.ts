/**
 * The day's money records as CSV for matching the service's daily settlement file
 * (docs/going-live.md "Settlement and payouts"): one line per capture, refund or void the
 * plugin sent, RFC 4180 (comma-separated, CRLF, a cell with a comma, a quote or a line break in
 * double quotes, quotes doubled), UTF-8. A cell a spreadsheet would read as a formula (starting
 * with `=`, `+`, `-`, `@`, a tab or a carriage return) starts with `'`, so a refund note such as
 * `=HYPERLINK(...)` stays text. Amounts are the records' own 2-decimal strings, never numbers
 * computed here. No credential is in a record, so none can be in a line.
 */

/** One line of the export; every value is text as recorded, empty when unknown. */
export interface MoneyRecordLine {
  /** When the plugin wrote the record, just before the call went out (ISO 8601, UTC). */
  createdAt: string
  /** When the call's outcome was recorded (ISO 8601, UTC). */
  updatedAt: string
  /** The account's payment provider (`pp_bnpl_bnpl`). */
  providerId: string
  kind: "capture" | "refund" | "void"
  /** applied (the service took it), refused, sending or unknown (its outcome not settled yet). */
  state: string
  /** Major units, 2 decimals ("20.00"). */
  amount: string
  currency: string
  /** The service's order id (its payment). */
  serviceOrderId: string
  requestId: string
  /** What the settlement file names the event by: a capture's `paymentEventMerchantReference` (its requestId), a refund's `refundMerchantReference`; empty for a void. */
  settlementReference: string
  /** A refund's `merchantReference`; empty for a capture or a void. */
  refundMerchantReference: string
  /** The service's refund id or payment event id, from its answer. */
  serviceReference: string
  /** The Medusa capture, refund or payment the call was for. */
  medusaRecordId: string
  orderId: string
  /** The order's number as the admin shows it. */
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
