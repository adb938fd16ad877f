import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { toMinorUnits, type MajorUnitAmount } from "../../../../client/money"
import { accountCurrency } from "../../../../payments/eligibility"
import { getConfiguration } from "../../../../runtime/accounts/configuration"
import { checkEligibility, disabledAccount, unservedCurrency } from "../../../../payments/eligibility"
import { effectiveSettings } from "../../../../runtime/config/effective-settings"
import { messageDefaults } from "../message-defaults"
import { accountForCurrency, getPluginRuntime } from "../../../../runtime/accounts/plugin-runtime"
import { forShopper } from "../../../../payments/errors"
import { toMedusaError } from "../../../../providers/bnpl/errors"
import { prepareCartSnapshot } from "../../../../operations/cart-for-snapshot"
import { CART_EXCLUSION_FIELDS, excludedCartItems } from "../../../../operations/exclusion-facts"
import { exclusionsForAccount } from "../../../../runtime/accounts/account-exclusions"
import { eligibilityQuerySchema } from "../../../request-schemas"
import { parseRequestPart } from "../../../validate-request"

/**
 * `GET /store/bnpl/eligibility?cart_id=` -> `{ eligible, reason?, minimumAmount,
 * maximumAmount, currency, providerId? }`: whether the storefront should show "pay later" for
 * this cart, and (in a store with several accounts) with which payment provider: the account that serves the cart's currency
 * (rule 2: one account per region; `pp_bnpl_bnpl-eu` for a EUR cart in a store with UK and EU
 * accounts). Amounts are API strings in major units. Limits come from that account's Get
 * Configuration (docs/service-api.md "Get Configuration"), cached. A currency no account serves
 * is `{ eligible: false, reason: "unsupported_currency", currency }`, without limits; a cart whose region
 * does not offer that account's provider (Settings → Regions) is `not_in_region`. A cart holding
 * goods the account excludes (option `exclusions`) is `{ eligible: false, reason:
 * "excluded_items", excludedItems: [{ id, title, product_id }], ...limits }`: the line items;
 * an account the merchant turned off (Settings → Pay later) is `{ eligible: false, reason: "disabled", currency }`.
 * When the merchant set the storefront message's defaults, `message: { available?, instalments?,
 * instalmentText?, outside? }` comes with the answer (the kit's `payLaterMessage` uses them).
 */
export async function GET(req: MedusaRequest, res: MedusaResponse): Promise<void> {
  // Parsed by the route's middleware (api/middlewares.ts); parsed again so the handler never
  // depends on a middleware being registered.
  const { cart_id: cartId } = parseRequestPart(eligibilityQuerySchema, req.validatedQuery ?? req.query, "query")
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "cart",
    fields: ["id", "total", "currency_code", "region.payment_providers.id", ...CART_EXCLUSION_FIELDS],
    filters: { id: cartId },
  })
  const cart = data[0] as
    | { total: MajorUnitAmount; currency_code: string; region?: { payment_providers?: Array<{ id: string } | null> | null } | null }
    | undefined
  if (!cart) throw new MedusaError(MedusaError.Types.NOT_FOUND, "No cart has that cart_id.")

  const runtime = getPluginRuntime(req.scope)
  const account = accountForCurrency(runtime, cart.currency_code)
  // A currency no account serves: no account's limits, which would read as this currency's.
  if (!account) return void res.json(unservedCurrency(cart.currency_code))
  const provider = runtime.accounts.length > 1 ? { providerId: account.providerId } : {}
  // Turned off in Settings -> Pay later: nothing is offered, whatever the limits.
  const settings = await effectiveSettings(account, account)
  if (!settings.enabled) return void res.json({ ...disabledAccount(accountCurrency(account.options)), ...provider })
  const configuration = await getConfiguration(account.client, account.options, account).catch((error: unknown) => {
    throw toMedusaError(forShopper("Reading the account's limits", error, "unavailable", account.logger))
  })
  // The shopper is at the payment step: have a connection ready for the session's Create
  // Checkout (client.warm; at most one Ping while the pool holds no idle connection).
  account.client.warm()
  const eligibility = checkEligibility(toMinorUnits(cart.total ?? 0, "cart.total"), cart.currency_code, accountCurrency(account.options), configuration)
  // Medusa refuses a session with a provider the cart's region does not offer: say so here.
  const offered = (cart.region?.payment_providers ?? []).map((provider) => provider?.id)
  const inRegion = !offered.length || offered.includes(account.providerId)
  // Excluded goods outrank the amount: changing the total does not make the cart payable.
  const excludedItems = excludedCartItems(await exclusionsForAccount(req.scope, account), cart)
  const answer = excludedItems.length
    ? { ...eligibility, eligible: false, reason: "excluded_items", excludedItems }
    : eligibility.eligible && !inRegion
      ? { ...eligibility, eligible: false, reason: "not_in_region" }
      : eligibility
  // With one account the answer keeps its shape (the provider is pp_bnpl_<id> as configured).
  res.json({ ...answer, ...provider, ...messageDefaults(settings, account.options) })
  // Once answered: the cart as the payment session will send it, so its Create Checkout can go
  // out before the session reads the cart again (runtime/checkout/prepared-snapshots.ts).
  if (answer.eligible) void prepareCartSnapshot(req.scope, cartId)
}
