import { model } from "@medusajs/framework/utils"

/**
 * What one checkout was made for and what was approved. Not in the session's data: Medusa deletes
 * a session whenever the cart's total changes. `amount` is an API string (2 decimals).
 */
export const ApprovedCart = model
  .define("bnpl_approved_cart", {
    id: model.id({ prefix: "bnplappr" }).primaryKey(),
    token: model.text(),
    cart_id: model.text(),
    provider_id: model.text(),
    mode: model.enum(["standard", "express"]),
    items_digest: model.text(),
    cart_digest: model.text().nullable(),
    amount: model.text(),
    currency_code: model.text(),
    approved_at: model.dateTime().nullable(),
  })
  .indexes([{ on: ["token"], unique: true }, { on: ["cart_id"] }])
