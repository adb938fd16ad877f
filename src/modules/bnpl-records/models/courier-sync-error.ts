import { model } from "@medusajs/framework/utils"

/** A fulfillment whose courier details the service did not take, until they reach it. */
export const CourierSyncError = model
  .define("bnpl_courier_sync_error", {
    id: model.id({ prefix: "bnplcse" }).primaryKey(),
    fulfillment_id: model.text(),
    failed_at: model.dateTime(),
    message: model.text(),
  })
  .indexes([{ on: ["fulfillment_id"], unique: true }])
