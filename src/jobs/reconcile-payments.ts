import type { MedusaContainer } from "@medusajs/framework/types"
import { reconcilePayments } from "../operations/reconcile"
import { runJob } from "../runtime/job-run"
import { jobSchedule } from "../runtime/job-schedule"

const NAME = "medusa-payment-bnpl-reconcile-payments"

/** Every 30 minutes: approved service payments with no Medusa order are reported (and voided when configured). */
export default async function reconcilePaymentsJob(container: MedusaContainer): Promise<void> {
  await runJob(container, NAME, () => reconcilePayments(container))
}

export const config = {
  name: NAME,
  // Default "*/30 * * * *"; the `schedules.reconcilePayments` option changes it (docs/operations.md, "Jobs").
  schedule: jobSchedule("reconcilePayments"),
}
