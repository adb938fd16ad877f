import { model } from "@medusajs/framework/utils"

/**
 * What the service said a service order is when it approved it (docs/service-api.md "Auth"),
 * one row per order of an account (runtime/records/payment-identities.ts): the identity check
 * before each capture, refund, void and courier update compares the payment's data with it
 * instead of reading Get Payment (payments/payment-identity.ts).
 * - `account`: the account's hash (runtime/infrastructure/account-hash.ts);
 * - `token`: the checkout the service made the order from; `merchant_id`: the account that made it;
 * - `amount`, `currency_code`: what the service approved (API string, 2 decimals, major units).
 * A service whose data was reset gives an order id out again: the newer approval's row replaces it.
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
