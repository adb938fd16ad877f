import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { getConfiguration } from "../../../../../runtime/configuration"
import { getPluginRuntime } from "../../../../../runtime/plugin-runtime"

/**
 * `POST /admin/bnpl/configuration/refresh`: reads the limits from Get Configuration now
 * (merchant-api-v2.md "Get Configuration") and stores them for every instance.
 */
export async function POST(req: MedusaRequest, res: MedusaResponse): Promise<void> {
  const { client, options, cache, logger } = getPluginRuntime(req.scope)
  const configuration = await getConfiguration(client, options, { cache, logger, forceRefresh: true })
  res.json({ configuration })
}
