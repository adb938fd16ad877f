import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { minorUnitsToApiAmount, toMinorUnits } from "../../../../client/money"
import { accountCurrency } from "../../../../payments/eligibility"
import { getConfiguration, type CachedConfiguration } from "../../../../runtime/accounts/configuration"
import {
  checkEligibility,
  disabledAccount,
  unservedCurrency,
  type DisabledAccount,
  type Eligibility,
  type UnservedCurrency,
} from "../../../../payments/eligibility"
import { effectiveSettings } from "../../../../runtime/config/effective-settings"
import type { MessageDefaults } from "../../../../runtime/config/account-settings"
import { messageDefaults } from "../message-defaults"
import { productExcluded } from "../../../../operations/exclusion-facts"
import { exclusionsForAccount } from "../../../../runtime/accounts/account-exclusions"
import { accountForCurrency, getPluginRuntime } from "../../../../runtime/accounts/plugin-runtime"
import type { LimitsQuery } from "./query"

/** The `GET /store/bnpl/limits` answer; amounts are API strings with 2 decimals. */
export type LimitsResponse = (Eligibility | UnservedCurrency | DisabledAccount) & {
  amount?: string
  message?: Omit<MessageDefaults, "locales">
  messages?: Record<string, Record<string, string>>
  /** With several accounts: the provider of the account serving the currency. */
  providerId?: string
}

// Long enough to spare a request per product view, short enough that new limits show within the hour.
const MAX_AGE_CEILING_SECONDS = 60 * 60
const MAX_AGE_FLOOR_SECONDS = 60

/** `GET /store/bnpl/limits` (docs/service-api.md "Order amount limits", rule 2): reads no cart or customer, so public and cached. */
export async function GET(req: MedusaRequest, res: MedusaResponse): Promise<void> {
  const { currency_code: currency, amount, product_id: productId } = req.validatedQuery as LimitsQuery
  const runtime = getPluginRuntime(req.scope)
  // No limits for a currency none serves: another currency's would read as this one's. Served currencies
  // change only with medusa-config, so that answer is kept longest.
  const account = accountForCurrency(runtime, currency)
  const asked = amount === undefined ? {} : { amount: minorUnitsToApiAmount(toMinorUnits(amount, "amount")) }
  if (!account) {
    res.setHeader("Cache-Control", `public, max-age=${MAX_AGE_CEILING_SECONDS}`)
    res.json({ ...unservedCurrency(currency), ...asked } satisfies LimitsResponse)
    return
  }
  const provider = runtime.accounts.length > 1 ? { providerId: account.providerId } : {}
  const settings = await effectiveSettings(account, account)
  if (!settings.enabled) {
    // Turned off in Settings -> Pay later; kept briefly, so turning it on again shows within a minute.
    res.setHeader("Cache-Control", `public, max-age=${MAX_AGE_FLOOR_SECONDS}`)
    res.json({ ...disabledAccount(accountCurrency(account.options)), ...asked, ...provider } satisfies LimitsResponse)
    return
  }
  const configuration = await getConfiguration(account.client, account.options, account).catch((error: Error) => {
    throw new MedusaError(
      MedusaError.Types.UNEXPECTED_STATE,
      `The pay later service's limits could not be read (${error.message}); hide the method and try again later.`,
    )
  })
  const served = accountCurrency(account.options)
  // A shopper looking at pay later may start it next: have a connection ready (client.warm).
  account.client.warm()
  const excluded =
    productId === undefined ? false : await productExcluded(req.scope, await exclusionsForAccount(req.scope, account), productId)
  if (excluded === undefined) throw new MedusaError(MedusaError.Types.NOT_FOUND, "No product has that product_id.")
  const answer: LimitsResponse =
    amount === undefined
      ? { ...withoutAmount(checkEligibility(0n, currency, served, configuration)), ...provider }
      : { ...checkEligibility(toMinorUnits(amount, "amount"), currency, served, configuration), ...asked, ...provider }
  const body: LimitsResponse = {
    ...(excluded ? { ...answer, eligible: false, reason: "excluded_items" } : answer),
    ...messageDefaults(settings, account.options),
  }
  // Exclusions apply within a minute; the limits may be kept as long as the plugin keeps them.
  res.setHeader("Cache-Control", `public, max-age=${productId === undefined ? maxAgeSeconds(configuration) : MAX_AGE_FLOOR_SECONDS}`)
  res.json(body)
}

// Without an amount only the currency decides, and it is served; "below the minimum" for 0 would be noise.
function withoutAmount(eligibility: Eligibility): Eligibility {
  const { reason: _ignored, ...rest } = eligibility
  return { ...rest, eligible: true }
}

function maxAgeSeconds(configuration: CachedConfiguration): number {
  const remaining = Math.floor((Date.parse(configuration.expiresAt) - Date.now()) / 1000)
  return Math.min(MAX_AGE_CEILING_SECONDS, Math.max(MAX_AGE_FLOOR_SECONDS, remaining))
}
