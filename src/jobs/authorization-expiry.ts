import type { MedusaContainer } from "@medusajs/framework/types"
import { checkAuthorizationExpiry } from "../operations/authorization-expiry"
import { recordJobRun } from "../runtime/job-runs"
import { getPluginRuntime } from "../runtime/plugin-runtime"

/** Hourly: warns about authorisations expiring within 48 hours, cancels expired ones in Medusa, and voids those of canceled orders whose void on cancel failed. */
export default async function authorizationExpiryJob(container: MedusaContainer): Promise<void> {
  await recordJobRun("authorization-expiry", getPluginRuntime(container), () => checkAuthorizationExpiry(container), (report) =>
    `${report.expiringSoon.length} expiring soon, ${report.expired.length} expired and canceled, ${report.voidedForCanceledOrders.length} voided for canceled orders, ${report.errors.length} failed`
  )
}

export const config = {
  name: "medusa-payment-bnpl-authorization-expiry",
  schedule: "5 * * * *",
}
