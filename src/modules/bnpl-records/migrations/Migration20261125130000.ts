import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** Courier updates the service took, one per fulfillment. */
export class Migration20261125130000 extends Migration {
  override async up(): Promise<void> {
    const common = `"created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null`
    this.addSql(`create table if not exists "bnpl_courier_update" (
      "id" text not null, "fulfillment_id" text not null, "service_order_id" text not null, "sent_at" timestamptz not null,
      ${common}, constraint "bnpl_courier_update_pkey" primary key ("id"));`)
    this.addSql(
      `create unique index if not exists "IDX_bnpl_courier_update_fulfillment_id_unique" on "bnpl_courier_update" ("fulfillment_id") where deleted_at is null;`,
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "bnpl_courier_update" cascade;`)
  }
}
