import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** Approvals carried across an order change. */
export class Migration20261127190000 extends Migration {
  override async up(): Promise<void> {
    const common = `"created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null`
    this.addSql(`create table if not exists "bnpl_carried_approval" (
      "id" text not null, "order_id" text not null, "from_payment_id" text not null, "provider_id" text not null,
      "service_order_id" text not null, "currency_code" text not null, "open_amount" text not null, "payment_data" jsonb not null,
      "state" text check ("state" in ('carried', 'attached', 'released')) not null, "owed_amount" text null, "kept_amount" text null,
      "to_collection_id" text null, "to_payment_id" text null, "owed_collection_id" text null,
      ${common}, constraint "bnpl_carried_approval_pkey" primary key ("id"));`)
    this.addSql(
      `create unique index if not exists "IDX_bnpl_carried_approval_from_payment_id_unique" on "bnpl_carried_approval" ("from_payment_id") where deleted_at is null;`,
    )
    this.addSql(
      `create index if not exists "IDX_bnpl_carried_approval_order_id" on "bnpl_carried_approval" ("order_id") where deleted_at is null;`,
    )
    this.addSql(
      `create index if not exists "IDX_bnpl_carried_approval_state" on "bnpl_carried_approval" ("state") where deleted_at is null;`,
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "bnpl_carried_approval" cascade;`)
  }
}
