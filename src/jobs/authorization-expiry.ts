import type { MedusaContainer } from "@medusajs/framework/types"
import { checkAuthorizationExpiry } from "../operations/authorization-expiry"
import { remindHeldOrders } from "../operations/held-orders"
import { runJob } from "../runtime/infrastructure/job-run"
import { recordJobRun } from "../runtime/records/job-runs"
import { jobSchedule } from "../runtime/config/job-schedule"
import { getPluginRuntime } from "../runtime/accounts/plugin-runtime"
import { JOBS } from "../vocabulary"

const JOB = JOBS.authorizationExpiry

/**
 * Hourly: warns about authorisations expiring within 48 hours, cancels expired ones in Medusa,
 * and voids those of canceled orders whose void on cancel failed. Then logs the daily reminder
 * of each approval held for a decision (`onOrderFailure: "hold"`, operations/held-orders.ts).
 */
export default async function authorizationExpiryJob(container: MedusaContainer): Promise<void> {
  await runJob(container, JOB.medusaName, () =>
    recordJobRun(
      JOB.runName,
      getPluginRuntime(container),
      async () => ({ ...(await checkAuthorizationExpiry(container)), held: await remindHeldOrders(container) }),
      (report) =>
        `${report.expiringSoon.length} expiring soon, ${report.expired.length} expired and canceled, ${report.voidedForCanceledOrders.length} voided for canceled orders, ${report.errors.length} failed; ` +
        `${report.held.reminded.length} held orders reminded, ${report.held.expired.length} held orders expired`
    )
  )
}

export const config = {
  name: JOB.medusaName,
  // Default "5 * * * *" (hourly at :05); the `schedules.authorizationExpiry` option changes it (docs/operations.md, "Jobs").
  schedule: jobSchedule("authorizationExpiry"),
}
