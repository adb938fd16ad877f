import { model } from "@medusajs/framework/utils"

/**
 * An approval carried across an order change confirmed before capture: it moves to a payment on the
 * new collection instead of being voided. Amounts are API strings; `released` means voided.
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
