import { model } from "@medusajs/framework/utils"

/**
 * What one checkout was made for, and once the consumer approved it, what was approved
 * (runtime/records/approved-carts.ts). Kept here, not in the payment session's data, because Medusa
 * deletes a session whenever the cart's total changes: a shopper who adds one item and removes
 * another after approving would otherwise leave nothing to compare the cart with.
 * - `token`: the checkout's token (docs/service-api.md "Create Checkout"), one row each;
 * - `items_digest`: the goods, currency, region and sales channel (payments/express.ts
 *   `expressItemsDigest`) when the checkout was made;
 * - `cart_digest`: the whole cart the consumer approved (payments/mapping/cart-digest.ts): at
 *   Create Checkout for a standard checkout, once the popup's choices are on the cart for an
 *   express one (`approved_at`);
 * - `amount`: the approved amount as an API string (2 decimals, major units).
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
