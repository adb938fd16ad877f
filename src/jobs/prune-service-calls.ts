import type { MedusaContainer } from "@medusajs/framework/types"
import { pruneServiceCalls, SERVICE_CALL_RETENTION_DAYS } from "../runtime/records/call-timeline"
import { runJob } from "../runtime/infrastructure/job-run"
import { jobSchedule } from "../runtime/config/job-schedule"
import { JOBS } from "../vocabulary"

const JOB = JOBS.pruneServiceCalls

/** Daily: deletes the payments' timeline entries older than 180 days. */
export default async function pruneServiceCallsJob(container: MedusaContainer): Promise<void> {
  await runJob(container, JOB.medusaName, () => pruneServiceCalls(SERVICE_CALL_RETENTION_DAYS))
}

export const config = {
  name: JOB.medusaName,
  schedule: jobSchedule("pruneServiceCalls"),
}
