import type { MedusaContainer } from "@medusajs/framework/types"
import { reconcilePayments } from "../operations/reconcile"
import { forEachAccount, summariseAccounts } from "../runtime/accounts/each-account"
import { runJob } from "../runtime/infrastructure/job-run"
import { recordJobRun } from "../runtime/records/job-runs"
import { jobSchedule } from "../runtime/config/job-schedule"
import { getPluginRuntime } from "../runtime/accounts/plugin-runtime"
import { recordReconciliationFindings } from "../runtime/records/reconciliation-findings"
import { JOBS } from "../vocabulary"

const JOB = JOBS.reconcilePayments

/** Every 30 minutes: reports (and by default voids) approvals no order or session claims; repairs orders without their payment. */
export default async function reconcilePaymentsJob(container: MedusaContainer): Promise<void> {
  const runtime = getPluginRuntime(container)
  await runJob(container, JOB.medusaName, () =>
    recordJobRun(
      JOB.runName,
      runtime,
      () =>
        forEachAccount(runtime.accounts, async (account) => {
          const report = await reconcilePayments(container, { account })
          await recordReconciliationFindings(account.options, report)
          return report
        }),
      (results) =>
        summariseAccounts(
          results,
          (report) =>
            `${report.checked} approved payments checked, ${report.orphaned.length} without a Medusa order, ${report.unpaidOrders?.length ?? 0} of an order without its payment`,
        ),
    ),
  )
}

export const config = {
  name: JOB.medusaName,
  schedule: jobSchedule("reconcilePayments"),
}
