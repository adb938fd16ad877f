import { model } from "@medusajs/framework/utils"

/**
 * The settings a merchant saved in Settings -> Pay later for one account (`provider_id`, Medusa's
 * payment provider id, e.g. `pp_bnpl_bnpl`), one row per account. A null column is not set in
 * the admin: the account's option in medusa-config applies (runtime/config/account-settings.ts).
 * `exclusions` and `message` hold the shapes of options.ts `exclusionsSchema` and
 * `messageDefaultsSchema`. Never credentials or hosts: those stay in medusa-config.
 */
export const AccountSetting = model
  .define("bnpl_account_settings", {
    id: model.id({ prefix: "bnplset" }).primaryKey(),
    provider_id: model.text(),
    enabled: model.boolean().nullable(),
    capture: model.text().nullable(),
    exclusions: model.json().nullable(),
    message: model.json().nullable(),
    on_order_failure: model.text().nullable(),
  })
  .indexes([{ on: ["provider_id"], unique: true }])
