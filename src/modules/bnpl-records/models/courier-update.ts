import { model } from "@medusajs/framework/utils"

/** A fulfillment whose courier details the service took, so the repair does not send them again. */
export const CourierUpdate = model
  .define("bnpl_courier_update", {
    id: model.id({ prefix: "bnplcu" }).primaryKey(),
    fulfillment_id: model.text(),
    service_order_id: model.text(),
    sent_at: model.dateTime(),
  })
  .indexes([{ on: ["fulfillment_id"], unique: true }])
