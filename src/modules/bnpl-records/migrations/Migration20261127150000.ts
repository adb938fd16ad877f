import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** What each checkout was made for and what its consumer approved. */
export class Migration20261127150000 extends Migration {
  override async up(): Promise<void> {
    const common = `"created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null`
    this.addSql(`create table if not exists "bnpl_approved_cart" (
      "id" text not null, "token" text not null, "cart_id" text not null, "provider_id" text not null,
      "mode" text check ("mode" in ('standard', 'express')) not null, "items_digest" text not null, "cart_digest" text null,
      "amount" text not null, "currency_code" text not null, "approved_at" timestamptz null,
      ${common}, constraint "bnpl_approved_cart_pkey" primary key ("id"));`)
    this.addSql(
      `create unique index if not exists "IDX_bnpl_approved_cart_token_unique" on "bnpl_approved_cart" ("token") where deleted_at is null;`,
    )
    this.addSql(`create index if not exists "IDX_bnpl_approved_cart_cart_id" on "bnpl_approved_cart" ("cart_id") where deleted_at is null;`)
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "bnpl_approved_cart" cascade;`)
  }
}
