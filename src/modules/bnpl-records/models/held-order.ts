import { model } from "@medusajs/framework/utils"

/**
 * An approval kept for a person to decide on (`onOrderFailure: "hold"`). Open while `outcome` is
 * null; `amount` is an API string (2 decimals); `failure` is Medusa's reason.
 */
export const HeldOrder = model
  .define("bnpl_held_order", {
    id: model.id({ prefix: "bnplhold" }).primaryKey(),
    cart_id: model.text(),
    payment_session_id: model.text(),
    payment_id: model.text(),
    provider_id: model.text(),
    service_order_id: model.text().nullable(),
    amount: model.text().nullable(),
    currency_code: model.text().nullable(),
    failure: model.text(),
    held_at: model.dateTime(),
    expires_at: model.dateTime(),
    reminded_at: model.dateTime().nullable(),
    outcome: model.enum(["placed", "voided", "expired"]).nullable(),
    settled_at: model.dateTime().nullable(),
    order_id: model.text().nullable(),
  })
  .indexes([{ on: ["payment_id"], unique: true }, { on: ["cart_id"] }])
