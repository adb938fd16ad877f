import { container } from "@medusajs/framework"
import { DEFAULT_SCHEDULES } from "../../options"
import { resolvePluginOptions } from "./plugin-options"
import { warnOnceWhenInstancesCannotShare } from "../infrastructure/sharing-check"

/** The plugin's jobs, by their key in the `schedules` option. */
export type JobKey = keyof typeof DEFAULT_SCHEDULES

/**
 * The cron schedule of a job: the `schedules` option of medusa-config, else the default.
 *
 * Medusa reads a job's `config.schedule` when it loads the job file at start-up, after the
 * app's config is in its container, so the option is read from there.
 * @throws BnplOptionsError when the plugin's options are invalid (the same error as at start-up).
 */
export function jobSchedule(job: JobKey): string {
  return configuredSchedules()?.[job] || DEFAULT_SCHEDULES[job]
}

function configuredSchedules(): Partial<Record<JobKey, string>> | undefined {
  let hasConfig = false
  try {
    hasConfig = Boolean(container.resolve("configModule", { allowUnregistered: true }))
  } catch {
    hasConfig = false
  }
  // Outside a Medusa app (a unit test importing the job), only the defaults apply.
  if (!hasConfig) return undefined
  // Jobs load at start-up (on a worker, or a process in shared mode): the moment to say
  // whether this instance can share with the others.
  warnOnceWhenInstancesCannotShare(container)
  return resolvePluginOptions(container).schedules
}
