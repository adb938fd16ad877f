import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** Every try of every call about a payment: the order's timeline. */
export class Migration20261126172000 extends Migration {
  override async up(): Promise<void> {
    const common = `"created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null`
    this.addSql(`create table if not exists "bnpl_service_call" (
      "id" text not null, "account" text not null, "service_order_id" text null, "checkout_token" text null,
      "operation" text not null, "request_id" text null, "amount" text null, "currency" text null,
      "attempt" integer not null, "started_at" timestamptz not null, "duration_ms" integer not null,
      "http_status" integer null, "outcome" text not null,
      ${common}, constraint "bnpl_service_call_pkey" primary key ("id"));`)
    this.addSql(
      `create index if not exists "IDX_bnpl_service_call_service_order_id" on "bnpl_service_call" ("service_order_id") where deleted_at is null;`,
    )
    this.addSql(
      `create index if not exists "IDX_bnpl_service_call_checkout_token" on "bnpl_service_call" ("checkout_token") where deleted_at is null;`,
    )
    this.addSql(
      `create index if not exists "IDX_bnpl_service_call_started_at" on "bnpl_service_call" ("started_at") where deleted_at is null;`,
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "bnpl_service_call" cascade;`)
  }
}
