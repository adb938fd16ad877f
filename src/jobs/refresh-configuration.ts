import type { MedusaContainer } from "@medusajs/framework/types"
import { getConfiguration } from "../runtime/configuration"
import { recordJobRun } from "../runtime/job-runs"
import { getPluginRuntime } from "../runtime/plugin-runtime"

/**
 * Reads the account's limits with Get Configuration once a day, as the document recommends
 * (merchant-api-v2.md "Get Configuration"), and stores them in Medusa's cache for every
 * instance. With Medusa's Redis workflow engine a schedule runs on one instance only.
 */
export default async function refreshConfigurationJob(container: MedusaContainer): Promise<void> {
  const runtime = getPluginRuntime(container)
  const describe = (configuration: Awaited<ReturnType<typeof getConfiguration>>) =>
    `limits ${configuration.minimumAmount.amount}..${configuration.maximumAmount.amount} ${configuration.maximumAmount.currency}`
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
}

export const config = {
  name: "medusa-payment-bnpl-refresh-configuration",
  // BNPL_CONFIGURATION_SCHEDULE overrides the daily schedule (any cron Medusa accepts, a
  // six-field one with seconds included); the multi-instance test runs it every few seconds.
  schedule: process.env.BNPL_CONFIGURATION_SCHEDULE || "17 3 * * *",
}
