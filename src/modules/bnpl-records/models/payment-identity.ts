import { model } from "@medusajs/framework/utils"

/**
 * What the service said a service order is when it approved it (docs/service-api.md "Auth"), so
 * the identity check before each money call needs no Get Payment. A reset service gives an order
 * id out again: the newer approval's row replaces it.
 */
export const PaymentIdentity = model
  .define("bnpl_payment_identity", {
    id: model.id({ prefix: "bnplpid" }).primaryKey(),
    account: model.text(),
    service_order_id: model.text(),
    token: model.text().nullable(),
    merchant_id: model.text().nullable(),
    amount: model.text().nullable(),
    currency_code: model.text().nullable(),
  })
  .indexes([{ on: ["account", "service_order_id"], unique: true }])
