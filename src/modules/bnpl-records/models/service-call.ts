import { model } from "@medusajs/framework/utils"

/**
 * One try of one call the plugin made to the service about a payment: the payment's timeline
 * in the order page (runtime/records/call-timeline.ts; docs/admin.md "Timeline"). Kept 180 days
 * (jobs/prune-service-calls.ts). Never a body, a header or a credential.
 * - `account`: the merchant account's hash (runtime/accounts/client-factory.ts `accountHash`);
 * - `service_order_id`, `checkout_token`: the payment it concerns (either may be unknown yet:
 *   Create Checkout has no order, Capture names no token);
 * - `operation`: the document's name of the endpoint (`Create Refund`); `request_id` as sent;
 * - `amount` (API string, major units, 2 decimals) and `currency` when the request had one;
 * - `attempt`: 1 for the first try, counting retries; `started_at`; `duration_ms`;
 * - `http_status` when the service answered; `outcome`: `ok` or the client's error code.
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
