import { generateEntityId } from "@medusajs/framework/utils"

/**
 * The two writes of a money call (payments/money-ledger.ts `begin` and `recordApplied`), each
 * one SQL statement that commits on its own. Medusa's generated `createMoneyOperations` and
 * `updateMoneyOperations` take four to five trips to PostgreSQL each (a read of the row, then
 * BEGIN, the write and COMMIT) plus the ORM's work, and both sit inside the admin's wait for a
 * capture, refund or void: measured through the bench's 100 ms proxy (docs/performance.md, "A
 * warm shop"), the generated update alone took 15 to 24 ms of a capture's time on the shared VM.
 */

/** A knex-like query runner, as Medusa's module manager gives it (`manager.getKnex()`). */
export interface RawRunner {
  raw(sql: string, bindings: unknown[]): Promise<{ rows: Array<Record<string, unknown>> }>
}

/** The columns `beginMoneyOperation` writes (the row's snake_case names, as the model defines them). */
export interface MoneyOperationStart {
  account: string
  service_order_id: string
  kind: string
  medusa_record_id: string | null
  request_id: string
  amount: string
  currency: string
}

/** The columns a money call's outcome may change. */
export type MoneyOperationOutcome = Partial<Record<"state" | "recorded" | "absorbed_by" | "service_reference" | "amount", string | boolean | null>>

const OUTCOME_COLUMNS = ["state", "recorded", "absorbed_by", "service_reference", "amount"] as const

/**
 * Writes the record of a call about to go out, state `sending`, in one statement: a new row, or
 * the row of the same account and requestId made again (a refused call retried, a resend), as the
 * unique index on (account, request_id) of live rows decides.
 * @returns the row as written.
 */
export async function beginMoneyOperation(runner: RawRunner, start: MoneyOperationStart): Promise<Record<string, unknown>> {
  const { rows } = await runner.raw(
    `insert into "bnpl_money_operation" ("id", "account", "service_order_id", "kind", "medusa_record_id", "request_id", "amount", "currency", "state", "recorded")
     values (?, ?, ?, ?, ?, ?, ?, ?, 'sending', true)
     on conflict ("account", "request_id") where "deleted_at" is null do update set
       "service_order_id" = excluded."service_order_id", "kind" = excluded."kind", "medusa_record_id" = excluded."medusa_record_id",
       "amount" = excluded."amount", "currency" = excluded."currency", "state" = 'sending', "updated_at" = now()
     returning *`,
    [generateEntityId(undefined, "bnplop"), start.account, start.service_order_id, start.kind, start.medusa_record_id, start.request_id, start.amount, start.currency]
  )
  return rows[0]
}

/**
 * Records a call's outcome on its row, in one statement.
 * @throws Error when no live row has that id (as Medusa's generated update does).
 */
export async function recordMoneyOperationOutcome(runner: RawRunner, id: string, outcome: MoneyOperationOutcome): Promise<void> {
  const columns = OUTCOME_COLUMNS.filter((column) => outcome[column] !== undefined)
  const assignments = [...columns.map((column) => `"${column}" = ?`), `"updated_at" = now()`].join(", ")
  const { rows } = await runner.raw(
    `update "bnpl_money_operation" set ${assignments} where "id" = ? and "deleted_at" is null returning "id"`,
    [...columns.map((column) => outcome[column]), id]
  )
  if (!rows.length) throw new Error(`MoneyOperation with id "${id}" not found`)
}
