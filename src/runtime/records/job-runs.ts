import type { LoggerLike } from "../infrastructure/shared-types"
import { JOBS } from "../../vocabulary"
import { recordsOrMemory, upsertOne } from "./records-module"

/** The plugin's scheduled jobs, by the names the admin shows. */
export const JOB_NAMES = [
  JOBS.refreshConfiguration.runName,
  JOBS.reconcilePayments.runName,
  JOBS.authorizationExpiry.runName,
  JOBS.completePendingCarts.runName,
  JOBS.repairOrders.runName,
] as const
export type JobName = (typeof JOB_NAMES)[number]

/** The last run of a job, as the settings page shows it. Times are ISO 8601. */
export interface JobRun {
  job: JobName
  startedAt: string
  finishedAt: string
  outcome: "succeeded" | "failed"
  /** One line on what the run did ("limits 1.00..1000.00 GBP", "3 payments checked, 1 without an order"). */
  summary?: string
  /** The error's message when the run failed. */
  error?: string
}

interface JobRunRow {
  id: string
  job: string
  started_at: Date | string
  finished_at: Date | string
  outcome: JobRun["outcome"]
  summary: string | null
  error: string | null
}

const memory = new Map<string, JobRunRow>()
const jobRuns = () => recordsOrMemory<JobRunRow>("JobRuns", memory)

/** Runs a job's body and records its outcome for the admin, whichever instance ran it; the body's error is rethrown. */
export async function recordJobRun<T>(
  job: JobName,
  dependencies: { logger?: LoggerLike },
  body: () => Promise<T>,
  summarise: (result: T) => string | { error: string },
): Promise<T> {
  const startedAt = new Date().toISOString()
  const save = async (run: JobRun) => {
    try {
      await upsertOne(
        jobRuns(),
        { job },
        {
          job,
          started_at: run.startedAt,
          finished_at: run.finishedAt,
          outcome: run.outcome,
          summary: run.summary ?? null,
          error: run.error ?? null,
        },
      )
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
        : { job, startedAt, finishedAt, outcome: "failed", error: summary.error },
    )
    return result
  } catch (error) {
    await save({ job, startedAt, finishedAt: new Date().toISOString(), outcome: "failed", error: (error as Error).message })
    throw error
  }
}

/** The last run of every job (`null` for a job that has not run yet, or when the runs cannot be read), in JOB_NAMES order. */
export async function readJobRuns(): Promise<Array<{ job: JobName; lastRun: JobRun | null }>> {
  let stored: JobRunRow[] = []
  try {
    stored = await jobRuns().list({ job: [...JOB_NAMES] })
  } catch {
    stored = []
  }
  return JOB_NAMES.map((job) => {
    const row = stored.find((candidate) => candidate.job === job)
    return { job, lastRun: row ? jobRunOf(job, row) : null }
  })
}

function jobRunOf(job: JobName, row: JobRunRow): JobRun {
  return {
    job,
    startedAt: new Date(row.started_at).toISOString(),
    finishedAt: new Date(row.finished_at).toISOString(),
    outcome: row.outcome,
    ...(row.summary ? { summary: row.summary } : {}),
    ...(row.error ? { error: row.error } : {}),
  }
}
