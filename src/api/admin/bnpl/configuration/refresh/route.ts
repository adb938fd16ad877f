import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { getConfiguration } from "../../../../../runtime/accounts/configuration"
import { getPluginRuntime } from "../../../../../runtime/accounts/plugin-runtime"
import { adminError } from "../../service-errors"

/** `POST /admin/bnpl/configuration/refresh`: every account's Get Configuration now; 502 if the first fails with no limits kept. */
export async function POST(req: MedusaRequest, res: MedusaResponse): Promise<void> {
  const runtime = getPluginRuntime(req.scope)
  const results = await Promise.allSettled(
    runtime.accounts.map(({ client, options, cache, logger }) => getConfiguration(client, options, { cache, logger, forceRefresh: true })),
  )
  if (results[0].status === "rejected")
    throw adminError("Get Configuration", results[0].reason, req.scope.resolve(ContainerRegistrationKeys.LOGGER))
  res.json({
    configuration: results[0].value,
    accounts: results.map((result, index) => ({
      providerId: runtime.accounts[index].providerId,
      ...(result.status === "fulfilled"
        ? { configuration: result.value }
        : { error: adminError("Get Configuration", result.reason, req.scope.resolve(ContainerRegistrationKeys.LOGGER)).message }),
    })),
  })
}
