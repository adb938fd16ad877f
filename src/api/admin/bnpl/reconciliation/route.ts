import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { findingsView } from "./findings"

/** `GET /admin/bnpl/reconciliation` -> `{ checkedAt, checked, findings }`, each finding with the admin's actions. */
export async function GET(req: MedusaRequest, res: MedusaResponse): Promise<void> {
  res.json(await findingsView(req.scope))
}
