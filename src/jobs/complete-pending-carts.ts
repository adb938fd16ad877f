import type { MedusaContainer } from "@medusajs/framework/types"
import { completePendingCarts } from "../operations/pending-completions"
import { runJob } from "../runtime/job-run"
import { recordJobRun } from "../runtime/job-runs"
import { jobSchedule } from "../runtime/job-schedule"
import { getPluginRuntime } from "../runtime/plugin-runtime"

const NAME = "medusa-payment-bnpl-complete-pending-carts"

/**
 * Every minute: carts whose consumer confirmed but never came back are completed
 * (operations/pending-completions.ts). With Medusa's Redis workflow engine a schedule runs
 * on one instance per tick; the cart's lock keeps two runs from completing one cart twice.
 * The run is recorded for the admin's "Pay later" settings page.
 */
export default async function completePendingCartsJob(container: MedusaContainer): Promise<void> {
  await runJob(container, NAME, () =>
    recordJobRun(
      "complete-pending-carts",
      getPluginRuntime(container),
      () => completePendingCarts(container),
      (report) => `${report.completed.length} completed, ${report.waiting.length} waiting, ${report.givenUp.length} given up`
    )
  )
}

export const config = {
  name: NAME,
  // Default "* * * * *"; the `schedules.completePendingCarts` option (or BNPL_COMPLETION_SCHEDULE) changes it.
  schedule: jobSchedule("completePendingCarts"),
}
