import { model } from "@medusajs/framework/utils"

/** One save of an account's settings: who, when, and `changes` (`{ field, from, to }`). Never changed once written. */
export const SettingsChange = model
  .define("bnpl_settings_change", {
    id: model.id({ prefix: "bnplchg" }).primaryKey(),
    provider_id: model.text(),
    user_id: model.text(),
    user_email: model.text().nullable(),
    changed_at: model.dateTime(),
    changes: model.json(),
  })
  .indexes([{ on: ["provider_id", "changed_at"] }])
