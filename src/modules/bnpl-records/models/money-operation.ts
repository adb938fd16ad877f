import { model } from "@medusajs/framework/utils"

/**
 * One money call to the service (capture, refund, void), committed before it goes out and updated
 * after. `account` is a hash, never a secret; `amount` an API string (2 decimals). `recorded` is
 * false while Medusa lost its record; `absorbed_by` names the later call that counted it.
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
  .indexes([{ on: ["account", "service_order_id"] }, { on: ["account", "request_id"], unique: true }])
