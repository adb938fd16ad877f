import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** The identity the service gave each service order at approval. */
export class Migration20261128010000 extends Migration {
  override async up(): Promise<void> {
    const common = `"created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null`
    this.addSql(`create table if not exists "bnpl_payment_identity" (
      "id" text not null, "account" text not null, "service_order_id" text not null, "token" text null,
      "merchant_id" text null, "amount" text null, "currency_code" text null,
      ${common}, constraint "bnpl_payment_identity_pkey" primary key ("id"));`)
    this.addSql(
      `create unique index if not exists "IDX_bnpl_payment_identity_account_service_order_id_unique" on "bnpl_payment_identity" ("account", "service_order_id") where deleted_at is null;`,
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "bnpl_payment_identity" cascade;`)
  }
}
