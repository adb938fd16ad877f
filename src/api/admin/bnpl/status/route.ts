import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { getConfiguration } from "../../../../runtime/configuration"
import { getPluginRuntime } from "../../../../runtime/plugin-runtime"

/**
 * `GET /admin/bnpl/status`: the account's region, capture mode, limits and when they were
 * read, and whether the service answers Ping. Never includes credentials.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse): Promise<void> {
  const { client, options, cache, logger } = getPluginRuntime(req.scope)
  const [configuration, reachable] = await Promise.all([
    getConfiguration(client, options, { cache, logger }).catch((error: Error) => ({ error: error.message })),
    client.ping().catch(() => false),
  ])
  res.json({
    region: options.region,
    authScheme: options.authScheme,
    capture: options.capture,
    baseUrl: options.baseUrl,
    reachable,
    configuration,
  })
}
