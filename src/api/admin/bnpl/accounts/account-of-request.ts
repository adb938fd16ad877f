import type { MedusaRequest } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { accountId } from "../../../../runtime/accounts/accounts"
import { getPluginRuntime, type AccountRuntime } from "../../../../runtime/accounts/plugin-runtime"
import { AccountParams, parseParams } from "../validators"

/** The account a `/admin/bnpl/accounts/:account_id/...` route names; throws INVALID_DATA for a malformed id, NOT_FOUND for an unknown one. */
export function accountOfRequest(req: MedusaRequest): AccountRuntime {
  const { account_id } = parseParams(AccountParams, req.params)
  const account = getPluginRuntime(req.scope).accounts.find((candidate) => accountId(candidate.options) === account_id)
  if (!account) throw new MedusaError(MedusaError.Types.NOT_FOUND, `No pay later account ${account_id} in this store.`)
  return account
}
