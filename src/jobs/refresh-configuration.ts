import type { MedusaContainer } from "@medusajs/framework/types"
import { getConfiguration, type CachedConfiguration } from "../runtime/accounts/configuration"
import { forEachAccount, summariseAccounts } from "../runtime/accounts/each-account"
import { runJob } from "../runtime/infrastructure/job-run"
import { recordJobRun } from "../runtime/records/job-runs"
import { jobSchedule } from "../runtime/config/job-schedule"
import { getPluginRuntime } from "../runtime/accounts/plugin-runtime"
import { JOBS } from "../vocabulary"

const JOB = JOBS.refreshConfiguration

const describe = (configuration: CachedConfiguration) =>
  `limits ${configuration.minimumAmount.amount}..${configuration.maximumAmount.amount} ${configuration.maximumAmount.currency}`

/** Daily (docs/service-api.md "Get Configuration"): every account's limits into Medusa's cache, shared by every instance. */
export default async function refreshConfigurationJob(container: MedusaContainer): Promise<void> {
  const runtime = getPluginRuntime(container)
  await runJob(container, JOB.medusaName, async () => {
    const started = Date.now()
    const read = await recordJobRun(
      JOB.runName,
      runtime,
      () =>
        forEachAccount(runtime.accounts, (account) =>
          getConfiguration(account.client, account.options, { ...account, forceRefresh: true }),
        ),
      // Unanswered, getConfiguration keeps the last limits read: the run did not refresh them, and the job list says so.
      (results) => {
        const stale = results.filter(({ result }) => Date.parse(result.fetchedAt) < started)
        if (!stale.length) return summariseAccounts(results, describe)
        const keptFor = ({ result }: (typeof results)[number]) => `the limits read at ${result.fetchedAt} stay in use (${describe(result)})`
        return {
          error:
            results.length === 1
              ? `Get Configuration failed; ${keptFor(stale[0])}`
              : `Get Configuration failed for ${stale.map((entry) => `${entry.account.providerId}: ${keptFor(entry)}`).join("; ")}`,
        }
      },
    )
    for (const { account, result } of read) account.logger?.info?.(`medusa-payment-bnpl: ${account.providerId} ${describe(result)}`)
  })
}

export const config = {
  name: JOB.medusaName,
  schedule: jobSchedule("refreshConfiguration"),
}
