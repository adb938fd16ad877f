import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { accountCurrency } from "../../../../payments/eligibility"
import { getConfiguration } from "../../../../runtime/accounts/configuration"
import { effectiveSettings } from "../../../../runtime/config/effective-settings"
import { getPluginRuntime, type AccountRuntime } from "../../../../runtime/accounts/plugin-runtime"

/** One account's line of the status: settings, limits (or why they could not be read), Ping. */
async function accountStatus(account: AccountRuntime) {
  const { client, options, cache, logger } = account
  const [configuration, reachable] = await Promise.all([
    getConfiguration(client, options, { cache, logger }).catch((error: Error) => ({ error: error.message })),
    client.ping().catch(() => false),
  ])
  return {
    providerId: account.providerId,
    region: options.region,
    currency: accountCurrency(options),
    authScheme: options.authScheme,
    capture: (await effectiveSettings(account, account)).capture,
    baseUrl: options.baseUrl,
    reachable,
    configuration,
  }
}

/** `GET /admin/bnpl/status`: every account's settings, limits and Ping, the first account's also at the top level; never credentials. */
export async function GET(req: MedusaRequest, res: MedusaResponse): Promise<void> {
  const accounts = await Promise.all(getPluginRuntime(req.scope).accounts.map(accountStatus))
  res.json({ ...accounts[0], accounts })
}
