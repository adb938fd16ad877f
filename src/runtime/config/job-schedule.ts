import { container } from "@medusajs/framework"
import { DEFAULT_SCHEDULES } from "../../options"
import { resolvePluginOptions } from "./plugin-options"
import { warnOnceWhenInstancesCannotShare } from "../infrastructure/sharing-check"

/** The plugin's jobs, by their key in the `schedules` option. */
export type JobKey = keyof typeof DEFAULT_SCHEDULES

/** A job's cron schedule from the `schedules` option, else the default; throws BnplOptionsError for invalid options. */
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
  if (!hasConfig) return undefined
  // Jobs load at start-up: the moment to say whether this instance can share with the others.
  warnOnceWhenInstancesCannotShare(container)
  return resolvePluginOptions(container).schedules
}
