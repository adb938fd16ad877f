import { model } from "@medusajs/framework/utils"

/**
 * One money call the plugin sends to the service (capture, refund, void), written and committed
 * before the call goes out and updated after (docs/operations.md "What the plugin stores").
 * - `account`: the merchant account's hash (runtime/accounts/client-factory.ts `accountHash`; never a secret);
 * - `service_order_id`: the service's order id (docs/service-api.md "Payment (order)");
 * - `medusa_record_id`: the Medusa record the call serves (capture id, refund id, payment id);
 * - `request_id`: the requestId sent (payments/request-ids.ts), unique per account;
 * - `amount`: API string, major units, 2 decimals; `currency`: ISO 4217;
 * - `state`: sending | applied | refused | unknown (payments/money-records.ts);
 * - `recorded`: false while the service applied it but Medusa holds no record of it (its answer
 *   was lost, so Medusa deleted the capture or refund); `absorbed_by` names the later call that
 *   counted it, once Medusa recorded that one;
 * - `service_reference`: the service's refund id or payment event id.
 */
export const MoneyOperation = model
  .define("bnpl_money_operation", {
    id: model.id({ prefix: "bnplop" }).primaryKey(),
    account: model.text(),
    service_order_id: model.text(),
    kind: model.enum(["capture", "refund", "void"]),
    medusa_record_id: model.text().nullable(),
    request_id: model.text(),
    amount: model.text(),
    currency: model.text(),
    state: model.enum(["sending", "applied", "refused", "unknown"]),
    recorded: model.boolean().default(true),
    absorbed_by: model.text().nullable(),
    service_reference: model.text().nullable(),
  })
  .indexes([
    { on: ["account", "service_order_id"] },
    { on: ["account", "request_id"], unique: true },
  ])
