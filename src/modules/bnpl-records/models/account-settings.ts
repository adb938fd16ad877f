import { model } from "@medusajs/framework/utils"

/**
 * A merchant's saved settings for one account; a null column falls back to medusa-config. Never
 * credentials or hosts: those stay in medusa-config.
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
