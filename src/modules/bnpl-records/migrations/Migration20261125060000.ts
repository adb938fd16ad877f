import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** The money records table, run by `medusa db:migrate`. */
export class Migration20261125060000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table if not exists "bnpl_money_operation" (
      "id" text not null,
      "account" text not null,
      "service_order_id" text not null,
      "kind" text check ("kind" in ('capture', 'refund', 'void')) not null,
      "medusa_record_id" text null,
      "request_id" text not null,
      "amount" text not null,
      "currency" text not null,
      "state" text check ("state" in ('sending', 'applied', 'refused', 'unknown')) not null,
      "recorded" boolean not null default true,
      "absorbed_by" text null,
      "service_reference" text null,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now(),
      "deleted_at" timestamptz null,
      constraint "bnpl_money_operation_pkey" primary key ("id")
    );`)
    this.addSql(
      `create index if not exists "IDX_bnpl_money_operation_account_service_order_id" on "bnpl_money_operation" ("account", "service_order_id") where deleted_at is null;`,
    )
    this.addSql(
      `create unique index if not exists "IDX_bnpl_money_operation_account_request_id_unique" on "bnpl_money_operation" ("account", "request_id") where deleted_at is null;`,
    )
    this.addSql(
      `create index if not exists "IDX_bnpl_money_operation_deleted_at" on "bnpl_money_operation" ("deleted_at") where deleted_at is null;`,
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "bnpl_money_operation" cascade;`)
  }
}
