import { model } from "@medusajs/framework/utils"

/** The last reconciliation of one account (by hash), replaced by the next run. */
export const ReconciliationReport = model
  .define("bnpl_reconciliation_report", {
    id: model.id({ prefix: "bnplrec" }).primaryKey(),
    account: model.text(),
    checked_at: model.dateTime(),
    checked: model.number(),
    findings: model.json(),
  })
  .indexes([{ on: ["account"], unique: true }])
