import { model } from "@medusajs/framework/utils"

/**
 * The last reconciliation of one merchant account (operations/reconcile.ts), replaced by the
 * next run: when it ran, how many approved payments it checked, and its findings with what the
 * admin did about each (`findings`: runtime/records/reconciliation-findings.ts `ReconciliationFindings`
 * without `checkedAt` and `checked`). `account` is the account's hash, one row per account.
 */
export const ReconciliationReport = model
  .define("bnpl_reconciliation_report", {
    id: model.id({ prefix: "bnplrec" }).primaryKey(),
    account: model.text(),
    checked_at: model.dateTime(),
    checked: model.number(),
    findings: model.json(),
  })
  .indexes([{ on: ["account"], unique: true }])
