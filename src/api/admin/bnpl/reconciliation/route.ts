import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { findingsView } from "./findings"

/**
 * `GET /admin/bnpl/reconciliation` -> `{ checkedAt, checked, findings }`: what the last
 * reconciliation job found (approved service payments with no Medusa order), each with its
 * cart's state and the actions open to the admin.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse): Promise<void> {
  res.json(await findingsView(req.scope))
}
