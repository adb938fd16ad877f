import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { describeAccount } from "../../../../../../../runtime/accounts/accounts"
import { accountOfRequest } from "../../../account-of-request"

/** `POST /admin/bnpl/accounts/:account_id/limits/refresh`: Get Configuration now; on failure the last limits stay in use. */
export async function POST(req: MedusaRequest, res: MedusaResponse): Promise<void> {
  const status = await describeAccount(accountOfRequest(req), { refreshLimits: true })
  res.json({ account: status })
}
