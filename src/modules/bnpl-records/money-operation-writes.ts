import { generateEntityId } from "@medusajs/framework/utils"

// Each write is one SQL statement that commits on its own: Medusa's generated create and update
// take four to five PostgreSQL trips each, inside the admin's wait for a capture.

/** A knex-like query runner, as Medusa's module manager gives it (`manager.getKnex()`). */
export interface RawRunner {
  raw(sql: string, bindings: unknown[]): Promise<{ rows: Array<Record<string, unknown>> }>
}

/** The columns `beginMoneyOperation` writes (snake_case, as the model defines them). */
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
export type MoneyOperationOutcome = Partial<
  Record<"state" | "recorded" | "absorbed_by" | "service_reference" | "amount", string | boolean | null>
>

const OUTCOME_COLUMNS = ["state", "recorded", "absorbed_by", "service_reference", "amount"] as const

/** A call's record, `sending`: a new row, or the live row of the same account and requestId again. @returns the row. */
export async function beginMoneyOperation(runner: RawRunner, start: MoneyOperationStart): Promise<Record<string, unknown>> {
  const { rows } = await runner.raw(
    `insert into "bnpl_money_operation" ("id", "account", "service_order_id", "kind", "medusa_record_id", "request_id", "amount", "currency", "state", "recorded")
     values (?, ?, ?, ?, ?, ?, ?, ?, 'sending', true)
     on conflict ("account", "request_id") where "deleted_at" is null do update set
       "service_order_id" = excluded."service_order_id", "kind" = excluded."kind", "medusa_record_id" = excluded."medusa_record_id",
       "amount" = excluded."amount", "currency" = excluded."currency", "state" = 'sending', "updated_at" = now()
     returning *`,
    [
      generateEntityId(undefined, "bnplop"),
      start.account,
      start.service_order_id,
      start.kind,
      start.medusa_record_id,
      start.request_id,
      start.amount,
      start.currency,
    ],
  )
  return rows[0]
}

/** @throws Error when no live row has that id (as Medusa's generated update does). */
export async function recordMoneyOperationOutcome(runner: RawRunner, id: string, outcome: MoneyOperationOutcome): Promise<void> {
  const columns = OUTCOME_COLUMNS.filter((column) => outcome[column] !== undefined)
  const assignments = [...columns.map((column) => `"${column}" = ?`), `"updated_at" = now()`].join(", ")
  const { rows } = await runner.raw(
    `update "bnpl_money_operation" set ${assignments} where "id" = ? and "deleted_at" is null returning "id"`,
    [...columns.map((column) => outcome[column]), id],
  )
  if (!rows.length) throw new Error(`MoneyOperation with id "${id}" not found`)
}
