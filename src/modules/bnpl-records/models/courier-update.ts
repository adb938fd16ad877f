import { model } from "@medusajs/framework/utils"

/**
 * A fulfillment whose courier details the service took (Update Shipping Courier answered), so
 * the every-minute job's repair does not send them again (operations/shipment-repair.ts).
 */
export const CourierUpdate = model
  .define("bnpl_courier_update", {
    id: model.id({ prefix: "bnplcu" }).primaryKey(),
    fulfillment_id: model.text(),
    /** The service's orderId told of the shipment. */
    service_order_id: model.text(),
    sent_at: model.dateTime(),
  })
  .indexes([{ on: ["fulfillment_id"], unique: true }])
