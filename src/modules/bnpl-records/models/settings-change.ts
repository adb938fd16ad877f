import { model } from "@medusajs/framework/utils"

/**
 * One save of an account's settings in the admin: who (the admin user's id and e-mail, as they
 * were then), when, and each field changed with its value before and after (`changes`:
 * `Array<{ field, from, to }>`, values as runtime/config/account-settings.ts reads them; `null` = the
 * medusa-config default). Never changed once written.
 */
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
