import type { MedusaContainer } from "@medusajs/framework/types"
import { getConfiguration } from "../runtime/configuration"
import { runJob } from "../runtime/job-run"
import { recordJobRun } from "../runtime/job-runs"
import { jobSchedule } from "../runtime/job-schedule"
import { getPluginRuntime } from "../runtime/plugin-runtime"

const NAME = "medusa-payment-bnpl-refresh-configuration"

/**
 * Reads the account's limits with Get Configuration once a day, as the document recommends
 * (merchant-api-v2.md "Get Configuration"), and stores them in Medusa's cache for every
 * instance. With Medusa's Redis workflow engine a schedule runs on one instance only.
 */
export default async function refreshConfigurationJob(container: MedusaContainer): Promise<void> {
  const runtime = getPluginRuntime(container)
  const describe = (configuration: Awaited<ReturnType<typeof getConfiguration>>) =>
    `limits ${configuration.minimumAmount.amount}..${configuration.maximumAmount.amount} ${configuration.maximumAmount.currency}`
  await runJob(container, NAME, async () => {
    const started = Date.now()
    const configuration = await recordJobRun(
      "refresh-configuration",
      runtime,
      () => getConfiguration(runtime.client, runtime.options, { ...runtime, forceRefresh: true }),
      // When the service does not answer, getConfiguration keeps the last limits read (and logs
      // why): the run did not refresh them, and the admin's job list says so.
      (read) =>
        Date.parse(read.fetchedAt) < started
          ? { error: `Get Configuration failed; the limits read at ${read.fetchedAt} stay in use (${describe(read)})` }
          : describe(read)
    )
    runtime.logger?.info?.(`medusa-payment-bnpl: ${describe(configuration)}`)
  })
}

export const config = {
  name: NAME,
  // Default "17 3 * * *" (03:17 daily); the `schedules.refreshConfiguration` option (or the
  // older BNPL_CONFIGURATION_SCHEDULE variable) changes it (docs/operations.md, "Jobs").
  schedule: jobSchedule("refreshConfiguration"),
}
