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

/** `GET /store/bnpl/eligibility?cart_id=`: whether to offer pay later for the cart, with the limits (docs/service-api.md "Get Configuration"). */
export async function GET(req: MedusaRequest, res: MedusaResponse): Promise<void> {
  // Parsed again, so the handler never depends on the middleware being registered.
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
  if (!account) return void res.json(unservedCurrency(cart.currency_code))
  const provider = runtime.accounts.length > 1 ? { providerId: account.providerId } : {}
  const settings = await effectiveSettings(account, account)
  if (!settings.enabled) return void res.json({ ...disabledAccount(accountCurrency(account.options)), ...provider })
  const configuration = await getConfiguration(account.client, account.options, account).catch((error: unknown) => {
    throw toMedusaError(forShopper("Reading the account's limits", error, "unavailable", account.logger))
  })
  // The shopper is at the payment step: have a connection ready for the session's Create Checkout.
  account.client.warm()
  const eligibility = checkEligibility(
    toMinorUnits(cart.total ?? 0, "cart.total"),
    cart.currency_code,
    accountCurrency(account.options),
    configuration,
  )
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
  res.json({ ...answer, ...provider, ...messageDefaults(settings, account.options) })
  // Prepared now, so the session's Create Checkout can go out before it reads the cart again.
  if (answer.eligible) void prepareCartSnapshot(req.scope, cartId)
}
