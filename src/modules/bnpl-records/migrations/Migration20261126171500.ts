import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** Settings merchants edit in the admin, per account, and the log of their changes. */
export class Migration20261126171500 extends Migration {
  override async up(): Promise<void> {
    const common = `"created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null`
    this.addSql(`create table if not exists "bnpl_account_settings" (
      "id" text not null, "provider_id" text not null, "enabled" boolean null, "capture" text null, "exclusions" jsonb null,
      "message" jsonb null, "on_order_failure" text null,
      ${common}, constraint "bnpl_account_settings_pkey" primary key ("id"));`)
    this.addSql(
      `create unique index if not exists "IDX_bnpl_account_settings_provider_id_unique" on "bnpl_account_settings" ("provider_id") where deleted_at is null;`,
    )
    this.addSql(`create table if not exists "bnpl_settings_change" (
      "id" text not null, "provider_id" text not null, "user_id" text not null, "user_email" text null,
      "changed_at" timestamptz not null, "changes" jsonb not null,
      ${common}, constraint "bnpl_settings_change_pkey" primary key ("id"));`)
    this.addSql(
      `create index if not exists "IDX_bnpl_settings_change_provider_id_changed_at" on "bnpl_settings_change" ("provider_id", "changed_at") where deleted_at is null;`,
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "bnpl_account_settings" cascade;`)
    this.addSql(`drop table if exists "bnpl_settings_change" cascade;`)
  }
}
