import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { accountId } from "../../../../runtime/accounts/accounts"
import { getPluginRuntime } from "../../../../runtime/accounts/plugin-runtime"
import { accountHealth } from "../../../../runtime/views/service-health"
import type { z } from "zod"
import type { HealthQuery } from "../validators"

/**
 * `GET /admin/bnpl/health[?account_id=]` -> `{ accounts: [{ id, providerId, ...AccountHealth }] }`:
 * the health card of each account (or of the one named), from the plugin's own timeline of
 * calls: the last hour and the last 24 hours (approvals, declines, cancellations, approval
 * rate, errors, faults, each endpoint's p50 and p95, the last failing call) and the warnings
 * against the account's usual (runtime/views/service-health.ts; docs/operations.md
 * "Observability"). The query is parsed by `HealthQuery` (middlewares.ts).
 * @throws MedusaError NOT_FOUND for an account id this store does not have.
 */
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
    }))
  )
  res.json({ accounts: cards })
}
