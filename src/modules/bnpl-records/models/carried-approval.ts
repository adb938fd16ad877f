import { model } from "@medusajs/framework/utils"

/**
 * A shopper's approval carried across an order change (runtime/records/carried-approvals.ts,
 * operations/order-changes). When an order edit, exchange, claim or return is confirmed before
 * capture, Medusa cancels the order's authorised payment and opens a payment collection for the
 * order's new total; the approval at the service is kept, not voided, and moves to a new payment
 * on that collection for what the order still owes, up to what was approved.
 * - `from_payment_id`: Medusa's payment Medusa cancelled (one row each);
 * - `open_amount`: what the approval had open when it was carried (API string, major units);
 * - `payment_data`: that payment's data (the service order, token, expiry), for the new payment;
 * - `state`: `carried` until the new payment holds it (`attached`, `to_payment_id`), or
 *   `released` when the order no longer owes anything it could cover (the approval voided);
 * - `owed_amount`: what the order owed when the approval was put on it (the collection Medusa
 *   opened for the new total; API string);
 * - `kept_amount`: what the new payment holds (API string); `to_collection_id` the collection it
 *   is on; `owed_collection_id` the collection left for the rest, paid by Medusa's payment link.
 */
export const CarriedApproval = model
  .define("bnpl_carried_approval", {
    id: model.id({ prefix: "bnplcarr" }).primaryKey(),
    order_id: model.text(),
    from_payment_id: model.text(),
    provider_id: model.text(),
    service_order_id: model.text(),
    currency_code: model.text(),
    open_amount: model.text(),
    payment_data: model.json(),
    state: model.enum(["carried", "attached", "released"]),
    owed_amount: model.text().nullable(),
    kept_amount: model.text().nullable(),
    to_collection_id: model.text().nullable(),
    to_payment_id: model.text().nullable(),
    owed_collection_id: model.text().nullable(),
  })
  .indexes([{ on: ["from_payment_id"], unique: true }, { on: ["order_id"] }, { on: ["state"] }])
