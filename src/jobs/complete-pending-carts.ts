import type { MedusaContainer } from "@medusajs/framework/types"
import { completePendingCarts } from "../operations/pending-completions"
import { completePendingOrderCollections } from "../operations/pending-order-collections"
import { anyEntries, runJob } from "../runtime/infrastructure/job-run"
import { recordJobRun } from "../runtime/records/job-runs"
import { jobSchedule } from "../runtime/config/job-schedule"
import { getPluginRuntime } from "../runtime/accounts/plugin-runtime"
import { JOBS } from "../vocabulary"

const JOB = JOBS.completePendingCarts

/** Every minute: completes what a consumer confirmed but never came back to; the cart's lock prevents a double completion. */
export default async function completePendingCartsJob(container: MedusaContainer): Promise<void> {
  await runJob(
    container,
    JOB.medusaName,
    () =>
      recordJobRun(
        JOB.runName,
        getPluginRuntime(container),
        async () => {
          const report = await completePendingCarts(container)
          const collections = await completePendingOrderCollections(container)
          return { ...report, collections }
        },
        (report) =>
          `${report.completed.length} completed, ${report.waiting.length} waiting, ${report.givenUp.length} given up; ` +
          `${report.collections.completed.length} order payment collections paid, ${report.collections.waiting.length} waiting`,
      ),
    // Carts still waiting on their consumer are no news: the line goes to debug.
    (report) => anyEntries(report.completed, report.givenUp, report.collections.completed),
  )
}

export const config = {
  name: JOB.medusaName,
  schedule: jobSchedule("completePendingCarts"),
}
