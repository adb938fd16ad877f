import type { MedusaContainer } from "@medusajs/framework/types"
import { pruneServiceCalls, SERVICE_CALL_RETENTION_DAYS } from "../runtime/records/call-timeline"
import { runJob } from "../runtime/infrastructure/job-run"
import { PRUNE_JOB } from "../vocabulary"


/** Daily: deletes the payments' timeline entries older than 180 days (runtime/records/call-timeline.ts; docs/operations.md). */
export default async function pruneServiceCallsJob(container: MedusaContainer): Promise<void> {
  await runJob(container, PRUNE_JOB.medusaName, () => pruneServiceCalls(SERVICE_CALL_RETENTION_DAYS))
}

export const config = {
  name: PRUNE_JOB.medusaName,
  schedule: PRUNE_JOB.schedule,
}
