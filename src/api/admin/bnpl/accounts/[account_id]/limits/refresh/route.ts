import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { accountId, describeAccount } from "../../../../../../../runtime/accounts"
import { getPluginRuntime } from "../../../../../../../runtime/plugin-runtime"
import { AccountParams, parseParams } from "../../../../validators"

/**
 * `POST /admin/bnpl/accounts/:account_id/limits/refresh` -> `{ account: AccountStatus }`: reads
 * the account's limits with Get Configuration now (merchant-api-v2.md "Get Configuration") and
 * stores them for every instance: the settings page's "Refresh limits". When the service
 * cannot be read, the last limits read stay in use (their `fetchedAt` shows when) and
 * `reachable` is false; with none ever read, `limits.error` says why.
 */
export async function POST(req: MedusaRequest, res: MedusaResponse): Promise<void> {
  const { account_id } = parseParams(AccountParams, req.params)
  const account = getPluginRuntime(req.scope).accounts.find((candidate) => accountId(candidate.options) === account_id)
  if (!account) throw new MedusaError(MedusaError.Types.NOT_FOUND, `No pay later account ${account_id} in this store.`)
  const status = await describeAccount(account, { refreshLimits: true })
  res.json({ account: status })
}
