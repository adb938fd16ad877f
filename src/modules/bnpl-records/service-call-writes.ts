import { generateEntityId } from "@medusajs/framework/utils"
import type { RawRunner } from "./money-operation-writes"

/**
 * The payment timeline's write (runtime/records/service-call-recorder.ts): a batch of tries as
 * one SQL statement. It runs on the event loop's next turn after a call's answer, so inside the
 * admin's wait for the capture, refund or void that made the call. Timed inside a store during
 * the bench's cancels (docs/performance.md, "A warm shop"), Medusa's generated
 * `createServiceCalls` of one row cost about 2 ms of the store's CPU (the ORM's entity, its
 * transaction and the row read back); this statement about 0.3.
 */

/** The columns of `bnpl_service_call` a try fills (models/service-call.ts), in the order written. */
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

/** One try as written: the row's snake_case columns (models/service-call.ts). */
export type ServiceCallValues = Record<(typeof SERVICE_CALL_COLUMNS)[number], unknown>

/** Inserts `rows` (each with a new `bnplcall` id, as the model's generated create gives) in one statement. */
export async function insertServiceCalls(runner: RawRunner, rows: ServiceCallValues[]): Promise<void> {
  if (!rows.length) return
  const placeholders = `(${new Array(SERVICE_CALL_COLUMNS.length + 1).fill("?").join(", ")})`
  const columns = ["id", ...SERVICE_CALL_COLUMNS].map((column) => `"${column}"`).join(", ")
  await runner.raw(
    `insert into "bnpl_service_call" (${columns}) values ${rows.map(() => placeholders).join(", ")}`,
    rows.flatMap((row) => [generateEntityId(undefined, "bnplcall"), ...SERVICE_CALL_COLUMNS.map((column) => row[column])])
  )
}
