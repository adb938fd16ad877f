import type { MedusaContainer } from "@medusajs/framework/types"
import { reconcilePayments } from "../operations/reconcile"
import { recordJobRun } from "../runtime/job-runs"
import { getPluginRuntime } from "../runtime/plugin-runtime"
import { recordReconciliationFindings } from "../runtime/reconciliation-findings"

/**
 * Every 30 minutes: approved service payments with no Medusa order are reported (and voided
 * when configured). The findings are kept for the admin's "Pay later" settings page.
 */
export default async function reconcilePaymentsJob(container: MedusaContainer): Promise<void> {
  const runtime = getPluginRuntime(container)
  await recordJobRun(
    "reconcile-payments",
    runtime,
    async () => {
      const report = await reconcilePayments(container)
      await recordReconciliationFindings(runtime.options, runtime.cache, report)
      return report
    },
    (report) => `${report.checked} approved payments checked, ${report.orphaned.length} without a Medusa order`
  )
}

export const config = {
  name: "medusa-payment-bnpl-reconcile-payments",
  schedule: "*/30 * * * *",
}
