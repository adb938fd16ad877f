import { model } from "@medusajs/framework/utils"

/**
 * One try of one call to the service about a payment: the order page's timeline, kept 180 days.
 * Never a body, a header or a credential. `amount` is an API string (2 decimals).
 */
export const ServiceCall = model
  .define("bnpl_service_call", {
    id: model.id({ prefix: "bnplcall" }).primaryKey(),
    account: model.text(),
    service_order_id: model.text().nullable(),
    checkout_token: model.text().nullable(),
    operation: model.text(),
    request_id: model.text().nullable(),
    amount: model.text().nullable(),
    currency: model.text().nullable(),
    attempt: model.number(),
    started_at: model.dateTime(),
    duration_ms: model.number(),
    http_status: model.number().nullable(),
    outcome: model.text(),
  })
  .indexes([{ on: ["service_order_id"] }, { on: ["checkout_token"] }, { on: ["started_at"] }])
