import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { describeAccount } from "../../../../../../../runtime/accounts/accounts"
import { accountOfRequest } from "../../../account-of-request"

/**
 * `POST /admin/bnpl/accounts/:account_id/limits/refresh` -> `{ account: AccountStatus }`: reads
 * the account's limits with Get Configuration now (docs/service-api.md "Get Configuration") and
 * stores them for every instance: the settings page's "Refresh limits". When the service
 * cannot be read, the last limits read stay in use (their `fetchedAt` shows when) and
 * `reachable` is false; with none ever read, `limits.error` says why.
 */
export async function POST(req: MedusaRequest, res: MedusaResponse): Promise<void> {
  const status = await describeAccount(accountOfRequest(req), { refreshLimits: true })
  res.json({ account: status })
}
