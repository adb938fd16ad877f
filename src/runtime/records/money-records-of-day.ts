import { recordsOf } from "./records-module"

/** A money record as the day's export reads it. */
export interface MoneyRecordRow {
  id: string
  /** The `accountHash` (GET /admin/bnpl/accounts `id`). */
  account: string
  service_order_id: string
  kind: "capture" | "refund" | "void"
  medusa_record_id: string | null
  request_id: string
  /** API string with 2 decimals. */
  amount: string
  currency: string
  state: "sending" | "applied" | "refused" | "unknown"
  service_reference: string | null
  created_at: Date | string
  updated_at: Date | string
}

/** Rows read per query: a day of a busy shop in a few round trips, never all of it in one answer. */
const PAGE_SIZE = 1000

/** The records of `accounts` created on UTC day `day`, oldest first; throws when the module or the database fails. */
export async function moneyRecordsOfDay(accounts: string[], day: string): Promise<MoneyRecordRow[]> {
  const records = recordsOf<MoneyRecordRow>("MoneyOperations")
  if (!records)
    throw new Error(
      "the plugin's records module is not loaded: register medusa-payment-bnpl under `plugins` in medusa-config and run `npx medusa db:migrate`",
    )
  const start = new Date(`${day}T00:00:00.000Z`)
  const end = new Date(start.getTime() + 24 * 3600 * 1000)
  const rows: MoneyRecordRow[] = []
  for (;;) {
    const page = await records.list(
      { account: accounts, created_at: { $gte: start, $lt: end } },
      { order: { created_at: "ASC", id: "ASC" }, skip: rows.length, take: PAGE_SIZE },
    )
    rows.push(...page)
    if (page.length < PAGE_SIZE) return rows
  }
}
