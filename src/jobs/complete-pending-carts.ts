import type { MedusaContainer } from "@medusajs/framework/types"
import { completePendingCarts } from "../operations/pending-completions"
import { completePendingOrderCollections } from "../operations/pending-order-collections"
import { anyEntries, runJob } from "../runtime/infrastructure/job-run"
import { recordJobRun } from "../runtime/records/job-runs"
import { jobSchedule } from "../runtime/config/job-schedule"
import { getPluginRuntime } from "../runtime/accounts/plugin-runtime"
import { JOBS } from "../vocabulary"

const JOB = JOBS.completePendingCarts

/**
 * Every minute: carts whose consumer confirmed but never came back are completed
 * (operations/pending-completions.ts), and so are order payment collections paid later
 * (operations/pending-order-collections.ts). With Medusa's Redis workflow engine a schedule runs
 * on one instance per tick; the cart's lock keeps two runs from completing one cart twice.
 * What the completions and the subscribers left undone is repaired by jobs/repair-orders.ts.
 * The run is recorded for the admin's "Pay later" settings page.
 */
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
          // And order payment collections paid later whose consumer closed the tab.
          const collections = await completePendingOrderCollections(container)
          return { ...report, collections }
        },
        (report) =>
          `${report.completed.length} completed, ${report.waiting.length} waiting, ${report.givenUp.length} given up; ` +
          `${report.collections.completed.length} order payment collections paid, ${report.collections.waiting.length} waiting`
      ),
    // Carts still waiting on their consumer are no news: the line goes to debug.
    (report) => anyEntries(report.completed, report.givenUp, report.collections.completed)
  )
}

export const config = {
  name: JOB.medusaName,
  // Default "* * * * *"; the `schedules.completePendingCarts` option changes it.
  schedule: jobSchedule("completePendingCarts"),
}
