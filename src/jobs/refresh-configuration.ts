import type { MedusaContainer } from "@medusajs/framework/types"
import { getConfiguration } from "../runtime/configuration"
import { getPluginRuntime } from "../runtime/plugin-runtime"
import { runJob } from "../runtime/job-run"
import { jobSchedule } from "../runtime/job-schedule"

const NAME = "medusa-payment-bnpl-refresh-configuration"

/**
 * Reads the account's limits with Get Configuration once a day, as the document recommends
 * (merchant-api-v2.md "Get Configuration"), and stores them in Medusa's shared cache for every
 * instance. With Medusa's Redis workflow engine a schedule runs on one instance only.
 */
export default async function refreshConfigurationJob(container: MedusaContainer): Promise<void> {
  await runJob(container, NAME, async () => {
    const runtime = getPluginRuntime(container)
    const configuration = await getConfiguration(runtime.client, runtime.options, { ...runtime, forceRefresh: true })
    runtime.logger?.info?.(
      `medusa-payment-bnpl: limits ${configuration.minimumAmount.amount}..${configuration.maximumAmount.amount} ${configuration.maximumAmount.currency}`
    )
  })
}

export const config = {
  name: NAME,
  // Default "17 3 * * *" (03:17 daily); the `schedules.refreshConfiguration` option (or the
  // older BNPL_CONFIGURATION_SCHEDULE variable) changes it (docs/operations.md, "Jobs").
  schedule: jobSchedule("refreshConfiguration"),
}
