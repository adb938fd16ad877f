import { excludedItems, excludedItemsError } from "../../payments/exclusions"
import { allowedPopupOrigin } from "../../payments/express-origin"
import { exclusionsForAccount } from "../../runtime/accounts/account-exclusions"
import { getPluginRuntime } from "../../runtime/accounts/plugin-runtime"
import type { ContainerLike } from "../../runtime/infrastructure/shared-types"
import { popupOriginRules, type ConfigWithStoreCors } from "../../runtime/config/store-origins"
import { clearCompletionRecord } from "../completion-record"
import { expressAccount, requireOpenCart, underExpressLock } from "./express-cart"
import { ExpressFailure } from "./express-failure"
import { saveExpressSession } from "./express-session"

/** What the start answers: the checkout token the page hands the popup, and who pays. */
export interface ExpressStart {
  token: string
  /** ISO 8601: when the checkout expires. */
  expires: string
  /** The pay-later payment provider of the session (`pp_bnpl_bnpl`). */
  provider_id: string
}

/**
 * Starts an express checkout for a cart (docs/service-api.md "Express checkout"): the
 * cart's pay-later session in express mode, whose Create Checkout has `mode: "express"`,
 * `merchant.popupOriginUrl` = the page's origin and `amount` = the cart's total as it stands.
 * The cart needs no e-mail, address or shipping method.
 * @param input.origin the request's `Origin` header: must be the `storefrontUrl` option's
 *   origin or one of `projectConfig.http.storeCors` (payments/express-origin.ts).
 * @throws ExpressFailure `cart_not_found`, `cart_completed`, `origin_not_allowed`,
 *   `not_offered`, `excluded_items` (goods the account excludes, named), `outside_limits` (the message names the limit), `service_unavailable`.
 */
export async function startExpressCheckout(
  scope: ContainerLike,
  input: { cartId: string; providerId?: string; origin: string | undefined }
): Promise<ExpressStart> {
  const runtime = getPluginRuntime(scope)
  const cart = await requireOpenCart(scope, input.cartId)
  const configModule = scope.resolve<ConfigWithStoreCors | undefined>("configModule", { allowUnregistered: true })
  const popupOriginUrl = allowedPopupOrigin(input.origin, popupOriginRules(runtime.options.storefrontUrl, configModule))
  if (!popupOriginUrl) {
    throw new ExpressFailure("origin_not_allowed", "Express checkout opens only from the store's own storefront (its origin must be the storefrontUrl option's or one of the store's CORS origins).")
  }
  const account = expressAccount(scope, cart, input.providerId)
  const excluded = excludedItems(await exclusionsForAccount(scope, account), cart.items)
  if (excluded.length) throw new ExpressFailure("excluded_items", excludedItemsError(excluded).message)
  if (cart.sessions.some((session) => session.status === "authorized")) {
    throw new ExpressFailure("processing", "This cart's pay later payment is being completed.")
  }
  try {
    const session = await underExpressLock(scope, cart.id, () => saveExpressSession(scope, cart.id, account.providerId, { popupOriginUrl }))
    // A new attempt: an earlier completion's failure no longer describes the cart.
    await clearCompletionRecord(scope, cart.id)
    return { token: session.data.token!, expires: session.data.expires!, provider_id: account.providerId }
  } catch (error) {
    throw startFailure(error, runtime.logger)
  }
}

/** The provider's refusal in the start route's words (its `code` is the payments core's reason). */
function startFailure(error: unknown, logger: { warn?(message: string): void } | undefined): ExpressFailure {
  if (error instanceof ExpressFailure) return error
  const { code, message } = (error ?? {}) as { code?: unknown; message?: string }
  if (code === "not_eligible") return new ExpressFailure("outside_limits", message ?? "Pay later is not available for this cart.")
  if (code === "not_allowed") return new ExpressFailure("origin_not_allowed", message ?? "This origin may not open an express checkout.")
  logger?.warn?.(`medusa-payment-bnpl: an express checkout could not start: ${message ?? String(error)}`)
  return new ExpressFailure("service_unavailable", "Pay later is not available right now. Please try again later or choose another payment method.")
}
