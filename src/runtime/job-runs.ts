import type { CacheLike, LoggerLike } from "./client-factory"

/** The plugin's scheduled jobs, by the names the admin shows. */
export const JOB_NAMES = ["refresh-configuration", "reconcile-payments", "authorization-expiry", "complete-pending-carts"] as const
export type JobName = (typeof JOB_NAMES)[number]

/** The last run of a job, as the settings page shows it. Times are ISO 8601. */
export interface JobRun {
  job: JobName
  startedAt: string
  finishedAt: string
  outcome: "succeeded" | "failed"
  /** One line on what the run did ("limits 1.00..1000.00 GBP", "3 payments checked, 1 without an order"). */
  summary?: string
  /** The error's message when the run failed (the client's messages never hold credentials). */
  error?: string
}

/** How long a run is remembered: longer than the longest schedule (daily). */
const JOB_RUN_TTL_SECONDS = 7 * 24 * 3600

// The same records in this process, for a store without a shared cache and for the read
// right after a write when the cache is slow to answer.
const recentRuns = new Map<JobName, JobRun>()

const cacheKey = (job: JobName) => `medusa-payment-bnpl:job-run:${job}`

/**
 * Runs a job's body and records its outcome in Medusa's cache (shared by every instance, so
 * the admin sees the run whichever instance the schedule picked). The body's error is
 * recorded and rethrown, so Medusa still logs the failed run. `summarise` may also call a run
 * that returned a failure (`{ error }`, e.g. limits kept from an earlier read because the
 * service did not answer). Recording never fails the job.
 */
export async function recordJobRun<T>(
  job: JobName,
  dependencies: { cache?: CacheLike; logger?: LoggerLike },
  body: () => Promise<T>,
  summarise: (result: T) => string | { error: string }
): Promise<T> {
  const startedAt = new Date().toISOString()
  const save = async (run: JobRun) => {
    recentRuns.set(job, run)
    try {
      await dependencies.cache?.set(cacheKey(job), run, JOB_RUN_TTL_SECONDS)
    } catch (error) {
      dependencies.logger?.warn?.(`medusa-payment-bnpl: could not record the run of job ${job}: ${String(error)}`)
    }
  }
  try {
    const result = await body()
    const summary = summarise(result)
    const finishedAt = new Date().toISOString()
    await save(
      typeof summary === "string"
        ? { job, startedAt, finishedAt, outcome: "succeeded", summary }
        : { job, startedAt, finishedAt, outcome: "failed", error: summary.error }
    )
    return result
  } catch (error) {
    await save({ job, startedAt, finishedAt: new Date().toISOString(), outcome: "failed", error: (error as Error).message })
    throw error
  }
}

/** The last run of every job (`null` for a job that has not run since the cache was emptied), in JOB_NAMES order. */
export async function readJobRuns(cache: CacheLike | undefined): Promise<Array<{ job: JobName; lastRun: JobRun | null }>> {
  return Promise.all(
    JOB_NAMES.map(async (job) => {
      let shared: JobRun | undefined
      try {
        shared = ((await cache?.get<JobRun>(cacheKey(job))) as JobRun | null | undefined) ?? undefined
      } catch {
        shared = undefined
      }
      const local = recentRuns.get(job)
      // Whichever is newer: another instance may have run the job since this one did.
      const lastRun = [shared, local].filter((run): run is JobRun => !!run).sort((a, b) => b.finishedAt.localeCompare(a.finishedAt))[0]
      return { job, lastRun: lastRun ?? null }
    })
  )
}
