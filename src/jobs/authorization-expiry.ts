import type { MedusaContainer } from "@medusajs/framework/types"
import { checkAuthorizationExpiry } from "../operations/authorization-expiry"
import { remindHeldOrders } from "../operations/held-orders"
import { runJob } from "../runtime/infrastructure/job-run"
import { recordJobRun } from "../runtime/records/job-runs"
import { jobSchedule } from "../runtime/config/job-schedule"
import { getPluginRuntime } from "../runtime/accounts/plugin-runtime"
import { JOBS } from "../vocabulary"

const JOB = JOBS.authorizationExpiry

/** Hourly: warns of expiring authorisations, cancels expired ones, retries failed voids, reminds of held approvals. */
export default async function authorizationExpiryJob(container: MedusaContainer): Promise<void> {
  await runJob(container, JOB.medusaName, () =>
    recordJobRun(
      JOB.runName,
      getPluginRuntime(container),
      async () => ({ ...(await checkAuthorizationExpiry(container)), held: await remindHeldOrders(container) }),
      (report) =>
        `${report.expiringSoon.length} expiring soon, ${report.expired.length} expired and canceled, ${report.voidedForCanceledOrders.length} voided for canceled orders, ${report.errors.length} failed; ` +
        `${report.held.reminded.length} held orders reminded, ${report.held.expired.length} held orders expired`,
    ),
  )
}

export const config = {
  name: JOB.medusaName,
  schedule: jobSchedule("authorizationExpiry"),
}
