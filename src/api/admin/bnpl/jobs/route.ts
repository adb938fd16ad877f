import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { readJobRuns } from "../../../../runtime/records/job-runs"

/** `GET /admin/bnpl/jobs` -> `{ jobs: [{ job, lastRun }] }`: the last run of each of the plugin's scheduled jobs. */
export async function GET(_req: MedusaRequest, res: MedusaResponse): Promise<void> {
  res.json({ jobs: await readJobRuns() })
}
