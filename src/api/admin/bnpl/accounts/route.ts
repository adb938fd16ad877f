import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { describeAccount } from "../../../../runtime/accounts/accounts"
import { getPluginRuntime } from "../../../../runtime/accounts/plugin-runtime"

/** `GET /admin/bnpl/accounts` -> `{ accounts: AccountStatus[] }`; never a secret, token or Authorization value. */
export async function GET(req: MedusaRequest, res: MedusaResponse): Promise<void> {
  const accounts = await Promise.all(getPluginRuntime(req.scope).accounts.map((account) => describeAccount(account)))
  res.json({ accounts })
}
