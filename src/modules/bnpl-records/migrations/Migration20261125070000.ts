import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** Reconciliation reports, job runs and courier sync errors. */
export class Migration20261125070000 extends Migration {
  override async up(): Promise<void> {
    const common = `"created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null`
    this.addSql(`create table if not exists "bnpl_reconciliation_report" (
      "id" text not null, "account" text not null, "checked_at" timestamptz not null, "checked" integer not null, "findings" jsonb not null,
      ${common}, constraint "bnpl_reconciliation_report_pkey" primary key ("id"));`)
    this.addSql(
      `create unique index if not exists "IDX_bnpl_reconciliation_report_account_unique" on "bnpl_reconciliation_report" ("account") where deleted_at is null;`,
    )
    this.addSql(`create table if not exists "bnpl_job_run" (
      "id" text not null, "job" text not null, "started_at" timestamptz not null, "finished_at" timestamptz not null,
      "outcome" text check ("outcome" in ('succeeded', 'failed')) not null, "summary" text null, "error" text null,
      ${common}, constraint "bnpl_job_run_pkey" primary key ("id"));`)
    this.addSql(`create unique index if not exists "IDX_bnpl_job_run_job_unique" on "bnpl_job_run" ("job") where deleted_at is null;`)
    this.addSql(`create table if not exists "bnpl_courier_sync_error" (
      "id" text not null, "fulfillment_id" text not null, "failed_at" timestamptz not null, "message" text not null,
      ${common}, constraint "bnpl_courier_sync_error_pkey" primary key ("id"));`)
    this.addSql(
      `create unique index if not exists "IDX_bnpl_courier_sync_error_fulfillment_id_unique" on "bnpl_courier_sync_error" ("fulfillment_id") where deleted_at is null;`,
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "bnpl_reconciliation_report" cascade;`)
    this.addSql(`drop table if exists "bnpl_job_run" cascade;`)
    this.addSql(`drop table if exists "bnpl_courier_sync_error" cascade;`)
  }
}
