import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import type { z } from "zod"
import { moneyRecordsExport } from "../../../../operations/money-records-export"
import { accountId } from "../../../../runtime/accounts/accounts"
import { getPluginRuntime } from "../../../../runtime/accounts/plugin-runtime"
import type { MoneyRecordsQuery } from "../validators"

/** `GET /admin/bnpl/money-records.csv?day=&account_id=`: the day's money calls as CSV (docs/going-live.md "Settlement and payouts"). */
export async function GET(req: MedusaRequest, res: MedusaResponse): Promise<void> {
  const { day, account_id: wanted } = (req as unknown as { validatedQuery: z.output<typeof MoneyRecordsQuery> }).validatedQuery
  const accounts = getPluginRuntime(req.scope)
    .accounts.map((account) => ({ id: accountId(account.options), providerId: account.providerId }))
    .filter((account) => !wanted || account.id === wanted || account.providerId === wanted)
  if (wanted && !accounts.length) throw new MedusaError(MedusaError.Types.NOT_FOUND, `No pay later account ${wanted} in this store.`)
  const csv = await moneyRecordsExport(req.scope.resolve(ContainerRegistrationKeys.QUERY), accounts, day)
  const name = `bnpl-money-records-${day}${wanted ? `-${accounts[0].providerId}` : ""}.csv`
  res.setHeader("Content-Type", "text/csv; charset=utf-8")
  res.setHeader("Content-Disposition", `attachment; filename="${name}"`)
  // The store's money: kept by no browser or proxy.
  res.setHeader("Cache-Control", "no-store")
  res.status(200).send(csv)
}
