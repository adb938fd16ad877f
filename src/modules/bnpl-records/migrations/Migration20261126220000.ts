import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * Indexes on Medusa's own tables (it indexes none of these columns), which the jobs read by time
 * window: without them a job's run grows with the store's history. Only where the table exists
 * (a payment module in another database has none here), and only over live rows.
 */
const HISTORY_INDEXES: ReadonlyArray<{ name: string; table: string; column: string; where: string }> = [
  { name: "IDX_bnpl_payment_session_created_at", table: "payment_session", column: "created_at", where: "deleted_at is null" },
  { name: "IDX_bnpl_payment_created_at", table: "payment", column: "created_at", where: "deleted_at is null" },
  { name: "IDX_bnpl_capture_created_at", table: "capture", column: "created_at", where: "deleted_at is null" },
  { name: "IDX_bnpl_refund_created_at", table: "refund", column: "created_at", where: "deleted_at is null" },
  { name: "IDX_bnpl_order_canceled_at", table: "order", column: "canceled_at", where: "deleted_at is null and canceled_at is not null" },
  {
    name: "IDX_bnpl_fulfillment_shipped_at",
    table: "fulfillment",
    column: "shipped_at",
    where: "deleted_at is null and shipped_at is not null",
  },
]

export class Migration20261126220000 extends Migration {
  override async up(): Promise<void> {
    for (const { name, table, column, where } of HISTORY_INDEXES) {
      this.addSql(`do $$ begin
        if to_regclass('public."${table}"') is not null then
          create index if not exists "${name}" on public."${table}" ("${column}") where ${where};
        end if;
      end $$;`)
    }
  }

  override async down(): Promise<void> {
    for (const { name } of HISTORY_INDEXES) this.addSql(`drop index if exists public."${name}";`)
  }
}
