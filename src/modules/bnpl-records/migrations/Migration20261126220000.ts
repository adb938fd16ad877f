import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * Indexes on Medusa's own tables for the plugin's jobs, which read them by time windows
 * (docs/performance.md "Scale"): without them each read scans the whole table, so a job's run
 * grows with the store's history instead of with the period's new work. Medusa indexes none of
 * these columns (2.21). Each index is made only when its table exists (a payment module in
 * another database has none here), and only over live rows, as Medusa's own indexes are.
 * - payment_session.created_at: the completion job's last 2 hours, the unpaid-order repair's
 *   26 hours, the reconciliation's 3 days;
 * - payment.created_at: the reconciliation's 4 days, the expiry job's 30 days;
 * - capture.created_at, refund.created_at: the unsent-money repair's day;
 * - order.canceled_at: the canceled-order repair's two weeks (canceled orders only);
 * - fulfillment.shipped_at: the shipment repair's week (shipped fulfillments only).
 */
const HISTORY_INDEXES: ReadonlyArray<{ name: string; table: string; column: string; where: string }> = [
  { name: "IDX_bnpl_payment_session_created_at", table: "payment_session", column: "created_at", where: "deleted_at is null" },
  { name: "IDX_bnpl_payment_created_at", table: "payment", column: "created_at", where: "deleted_at is null" },
  { name: "IDX_bnpl_capture_created_at", table: "capture", column: "created_at", where: "deleted_at is null" },
  { name: "IDX_bnpl_refund_created_at", table: "refund", column: "created_at", where: "deleted_at is null" },
  { name: "IDX_bnpl_order_canceled_at", table: "order", column: "canceled_at", where: "deleted_at is null and canceled_at is not null" },
  { name: "IDX_bnpl_fulfillment_shipped_at", table: "fulfillment", column: "shipped_at", where: "deleted_at is null and shipped_at is not null" },
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
