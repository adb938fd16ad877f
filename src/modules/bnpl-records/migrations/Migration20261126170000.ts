import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** Approvals kept for a person to decide on, `onOrderFailure: "hold"`. */
export class Migration20261126170000 extends Migration {
  override async up(): Promise<void> {
    const common = `"created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null`
    this.addSql(`create table if not exists "bnpl_held_order" (
      "id" text not null, "cart_id" text not null, "payment_session_id" text not null, "payment_id" text not null,
      "provider_id" text not null, "service_order_id" text null, "amount" text null, "currency_code" text null,
      "failure" text not null, "held_at" timestamptz not null, "expires_at" timestamptz not null, "reminded_at" timestamptz null,
      "outcome" text check ("outcome" in ('placed', 'voided', 'expired')) null, "settled_at" timestamptz null, "order_id" text null,
      ${common}, constraint "bnpl_held_order_pkey" primary key ("id"));`)
    this.addSql(
      `create unique index if not exists "IDX_bnpl_held_order_payment_id_unique" on "bnpl_held_order" ("payment_id") where deleted_at is null;`,
    )
    this.addSql(`create index if not exists "IDX_bnpl_held_order_cart_id" on "bnpl_held_order" ("cart_id") where deleted_at is null;`)
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "bnpl_held_order" cascade;`)
  }
}
