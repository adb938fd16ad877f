import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { accountId } from "../../../../runtime/accounts/accounts"
import { getPluginRuntime } from "../../../../runtime/accounts/plugin-runtime"
import { accountHealth } from "../../../../runtime/views/service-health"
import type { z } from "zod"
import type { HealthQuery } from "../validators"

/** `GET /admin/bnpl/health[?account_id=]`: each account's health card (docs/operations.md "The health card"); 404 if unknown. */
export async function GET(req: MedusaRequest, res: MedusaResponse): Promise<void> {
  const { account_id: wanted } = (req as unknown as { validatedQuery: z.output<typeof HealthQuery> }).validatedQuery
  const runtime = getPluginRuntime(req.scope)
  const accounts = runtime.accounts.filter((account) => !wanted || accountId(account.options) === wanted)
  if (wanted && !accounts.length) throw new MedusaError(MedusaError.Types.NOT_FOUND, `No pay later account ${wanted} in this store.`)
  const now = new Date()
  const cards = await Promise.all(
    accounts.map(async (account) => ({
      id: accountId(account.options),
      providerId: account.providerId,
      ...(await accountHealth(accountId(account.options), now, runtime.logger)),
    })),
  )
  res.json({ accounts: cards })
}
