import type { MedusaContainer } from "@medusajs/framework/types"
import { pruneServiceCalls, SERVICE_CALL_RETENTION_DAYS } from "../runtime/call-timeline"
import { runJob } from "../runtime/job-run"

const NAME = "medusa-payment-bnpl-prune-service-calls"

/** Daily: deletes the payments' timeline entries older than 180 days (runtime/call-timeline.ts; docs/operations.md). */
export default async function pruneServiceCallsJob(container: MedusaContainer): Promise<void> {
  await runJob(container, NAME, () => pruneServiceCalls(SERVICE_CALL_RETENTION_DAYS))
}

export const config = {
  name: NAME,
  // Daily at 03:41, a quiet hour away from the other jobs' minutes.
  schedule: "41 3 * * *",
}
