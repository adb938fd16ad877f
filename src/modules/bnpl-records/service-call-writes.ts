import { generateEntityId } from "@medusajs/framework/utils"
import type { RawRunner } from "./money-operation-writes"

// One SQL statement per batch: it runs inside the admin's wait for a capture, where Medusa's
// generated create cost about 2 ms of CPU per row, this about 0.3.

const SERVICE_CALL_COLUMNS = [
  "account",
  "service_order_id",
  "checkout_token",
  "operation",
  "request_id",
  "amount",
  "currency",
  "attempt",
  "started_at",
  "duration_ms",
  "http_status",
  "outcome",
] as const

/** One try as written: the row's snake_case columns. */
export type ServiceCallValues = Record<(typeof SERVICE_CALL_COLUMNS)[number], unknown>

/** Inserts `rows`, each with a new `bnplcall` id, in one statement. */
export async function insertServiceCalls(runner: RawRunner, rows: ServiceCallValues[]): Promise<void> {
  if (!rows.length) return
  const placeholders = `(${new Array(SERVICE_CALL_COLUMNS.length + 1).fill("?").join(", ")})`
  const columns = ["id", ...SERVICE_CALL_COLUMNS].map((column) => `"${column}"`).join(", ")
  await runner.raw(
    `insert into "bnpl_service_call" (${columns}) values ${rows.map(() => placeholders).join(", ")}`,
    rows.flatMap((row) => [generateEntityId(undefined, "bnplcall"), ...SERVICE_CALL_COLUMNS.map((column) => row[column])]),
  )
}
