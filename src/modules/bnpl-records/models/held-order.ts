import { model } from "@medusajs/framework/utils"

/**
 * An approval kept for a person to decide on (option `onOrderFailure: "hold"`): the consumer
 * approved, the cart could not become an order, and the authorisation was not voided
 * (runtime/records/held-orders.ts). Open while `outcome` is null; `placed` (with `order_id`), `voided`
 * or `expired` once settled. `amount` is the approved amount as an API string (2 decimals,
 * major units); `failure` is Medusa's reason the order could not be placed.
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
