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
  expires: string
  /** The session's pay-later provider (`pp_bnpl_bnpl`). */
  provider_id: string
}

/**
 * Starts an express checkout (docs/service-api.md "Express checkout"); `input.origin` must be the
 * storefront's or one of `storeCors`. @throws ExpressFailure (`origin_not_allowed`, `outside_limits`, ...).
 */
export async function startExpressCheckout(
  scope: ContainerLike,
  input: { cartId: string; providerId?: string; origin: string | undefined },
): Promise<ExpressStart> {
  const runtime = getPluginRuntime(scope)
  const cart = await requireOpenCart(scope, input.cartId)
  const configModule = scope.resolve<ConfigWithStoreCors | undefined>("configModule", { allowUnregistered: true })
  const popupOriginUrl = allowedPopupOrigin(input.origin, popupOriginRules(runtime.options.storefrontUrl, configModule))
  if (!popupOriginUrl) {
    throw new ExpressFailure(
      "origin_not_allowed",
      "Express checkout opens only from the store's own storefront (its origin must be the storefrontUrl option's or one of the store's CORS origins).",
    )
  }
  const account = expressAccount(scope, cart, input.providerId)
  const excluded = excludedItems(await exclusionsForAccount(scope, account), cart.items)
  if (excluded.length) throw new ExpressFailure("excluded_items", excludedItemsError(excluded).message)
  if (cart.sessions.some((session) => session.status === "authorized")) {
    throw new ExpressFailure("processing", "This cart's pay later payment is being completed.")
  }
  try {
    const session = await underExpressLock(scope, cart.id, () => saveExpressSession(scope, cart.id, account.providerId, { popupOriginUrl }))
    // A new attempt: an earlier completion's failure does not describe the cart.
    await clearCompletionRecord(scope, cart.id)
    return { token: session.data.token!, expires: session.data.expires!, provider_id: account.providerId }
  } catch (error) {
    throw startFailure(error, runtime.logger)
  }
}

function startFailure(error: unknown, logger: { warn?(message: string): void } | undefined): ExpressFailure {
  if (error instanceof ExpressFailure) return error
  const { code, message } = (error ?? {}) as { code?: unknown; message?: string }
  if (code === "not_eligible") return new ExpressFailure("outside_limits", message ?? "Pay later is not available for this cart.")
  if (code === "not_allowed") return new ExpressFailure("origin_not_allowed", message ?? "This origin may not open an express checkout.")
  logger?.warn?.(`medusa-payment-bnpl: an express checkout could not start: ${message ?? String(error)}`)
  return new ExpressFailure(
    "service_unavailable",
    "Pay later is not available right now. Please try again later or choose another payment method.",
  )
}
