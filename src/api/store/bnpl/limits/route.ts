import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { minorUnitsToApiAmount, toMinorUnits } from "../../../../client/money"
import { accountCurrency } from "../../../../payments/eligibility"
import { getConfiguration, type CachedConfiguration } from "../../../../runtime/accounts/configuration"
import { checkEligibility, disabledAccount, unservedCurrency, type DisabledAccount, type Eligibility, type UnservedCurrency } from "../../../../payments/eligibility"
import { effectiveSettings } from "../../../../runtime/config/effective-settings"
import type { MessageDefaults } from "../../../../runtime/config/account-settings"
import { messageDefaults } from "../message-defaults"
import { productExcluded } from "../../../../operations/exclusion-facts"
import { exclusionsForAccount } from "../../../../runtime/accounts/account-exclusions"
import { accountForCurrency, getPluginRuntime } from "../../../../runtime/accounts/plugin-runtime"
import type { LimitsQuery } from "./query"

/**
 * What `GET /store/bnpl/limits` answers. Amounts are API strings in major units ("1000.00").
 * For a currency no account serves: `{ eligible: false, reason: "unsupported_currency",
 * currency }` (the currency asked about) with no limits; for an account the merchant turned off
 * in the admin, `{ eligible: false, reason: "disabled", currency }`, with no limits either.
 */
export type LimitsResponse = (Eligibility | UnservedCurrency | DisabledAccount) & {
  /** The amount asked about, as a 2-decimal string; absent when none was given. */
  amount?: string
  /** The storefront message's defaults the merchant set (option or Settings -> Pay later); absent when none is. */
  message?: Omit<MessageDefaults, "locales">
  /** The merchant's texts per locale (option `messages` over Settings -> Pay later's); absent when none is. */
  messages?: Record<string, Record<string, string>>
  /** In a store with several accounts: the payment provider of the account serving the currency (`pp_bnpl_bnpl-eu`). */
  providerId?: string
}

// Browsers and CDNs may keep the answer as long as the plugin keeps the limits, within bounds:
// long enough to spare the store a request per product view, short enough that a change of
// limits shows within the hour.
const MAX_AGE_CEILING_SECONDS = 60 * 60
const MAX_AGE_FLOOR_SECONDS = 60

/**
 * `GET /store/bnpl/limits?currency_code=gbp[&amount=49.95]`: the pay later limits for a
 * currency, and whether an amount is inside them. For product pages and mini-carts, which
 * have no cart (`GET /store/bnpl/eligibility?cart_id=` answers for a cart). No cart or
 * customer data is read, so the answer is public and sent with `Cache-Control: public`.
 *
 * Without `amount`: `eligible` says whether the currency is served at all (a currency none
 * serves: `unsupported_currency`, without limits). With `amount`:
 * whether it lies in `minimumAmount`..`maximumAmount` inclusive (docs/service-api.md "Order amount limits", rule 2: one currency per account). With `product_id` (a product page): a
 * product the account excludes (option `exclusions`) is `{ eligible: false, reason:
 * "excluded_items", ...limits }`; an unknown product is a 404. The query is parsed by
 * `validateLimitsQuery` (./query.ts) first.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse): Promise<void> {
  const { currency_code: currency, amount, product_id: productId } = req.validatedQuery as LimitsQuery
  const runtime = getPluginRuntime(req.scope)
  // The account serving the currency (rule 2). For a currency none serves, no account's limits
  // are given: another currency's would read as this one's. Which currencies are served
  // changes only with medusa-config, so the answer may be kept as long as the longest.
  const account = accountForCurrency(runtime, currency)
  const asked = amount === undefined ? {} : { amount: minorUnitsToApiAmount(toMinorUnits(amount, "amount")) }
  if (!account) {
    res.setHeader("Cache-Control", `public, max-age=${MAX_AGE_CEILING_SECONDS}`)
    res.json({ ...unservedCurrency(currency), ...asked } satisfies LimitsResponse)
    return
  }
  // With one account the answer keeps its shape (the provider is pp_bnpl_<id> as configured).
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
      `The pay later service's limits could not be read (${error.message}); hide the method and try again later.`
    )
  })
  const served = accountCurrency(account.options)
  // A shopper looking at pay later may start it next: have a connection ready (client.warm).
  account.client.warm()
  // A product page's product the merchant excluded: no message and no express button for it.
  const excluded = productId === undefined ? false : await productExcluded(req.scope, await exclusionsForAccount(req.scope, account), productId)
  if (excluded === undefined) throw new MedusaError(MedusaError.Types.NOT_FOUND, "No product has that product_id.")
  const answer: LimitsResponse =
    amount === undefined
      ? { ...withoutAmount(checkEligibility(0n, currency, served, configuration)), ...provider }
      : { ...checkEligibility(toMinorUnits(amount, "amount"), currency, served, configuration), ...asked, ...provider }
  const body: LimitsResponse = { ...(excluded ? { ...answer, eligible: false, reason: "excluded_items" } : answer), ...messageDefaults(settings, account.options) }
  // Exclusions a merchant edits apply within a minute, the message's defaults within the hour;
  // the limits may be kept as long as the plugin keeps them (at most the hour).
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
