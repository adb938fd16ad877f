import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { completePayLaterCart } from "../../../operations/complete-cart"
import { getPluginRuntime } from "../../../runtime/accounts/plugin-runtime"
import { COLLECTION_RETURN_PARAMETER } from "../../../payments/order-collection"
import { returnQuerySchema } from "../../request-schemas"
import { orderCollectionReturn } from "./order-collection-return"
import { storefrontCountryOf } from "./storefront-country"
import { checkoutPageUrl, orderPageUrl, processingPageUrl } from "./storefront-urls"

/** How long the return route waits before the processing state: proxies and browsers give up after about 30 s. */
export const RETURN_DEADLINE_MS = 18_000

/**
 * `GET /bnpl/return?cart_id=&orderToken=&status=`, where the service sends the consumer back. A browser redirect with no
 * publishable key, so it proves nothing but the token (docs/security.md "The return route proves nothing but the token").
 * A malformed query, an unknown cart and a foreign token all get `invalid_return` with no ids, so no cart is revealed.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse): Promise<void> {
  if (req.query && COLLECTION_RETURN_PARAMETER in req.query) return orderCollectionReturn(req, res, RETURN_DEADLINE_MS)
  const { options, logger } = getPluginRuntime(req.scope)
  const parsed = returnQuerySchema.safeParse(req.query ?? {})
  if (!parsed.success) {
    logger?.debug?.(`medusa-payment-bnpl: a return with a malformed query was refused (${parsed.error.issues[0]?.path.join(".")})`)
    return res.redirect(303, checkoutPageUrl(options, undefined, "invalid_return"))
  }
  const { cart_id: cartId, orderToken, status } = parsed.data
  try {
    // A cancelled return completes nothing: it only needs to prove the token (no deadline).
    const outcome = await completePayLaterCart(req.scope, {
      cartId,
      orderToken,
      deadlineMs: RETURN_DEADLINE_MS,
      caller: "return",
      ...(status === "SUCCESS" ? {} : { checkOnly: true }),
    })
    if (outcome.outcome === "failed" && outcome.reason === "invalid_return") {
      return res.redirect(303, checkoutPageUrl(options, undefined, "invalid_return"))
    }
    // The token proved the cart: its country may go into the storefront's path.
    const countryCode = await storefrontCountryOf(req, "cart", cartId)
    if (outcome.outcome === "completed") return res.redirect(303, orderPageUrl(options, outcome.orderId, cartId, countryCode))
    if (outcome.outcome === "processing") return res.redirect(303, processingPageUrl(options, cartId, countryCode))
    return res.redirect(303, checkoutPageUrl(options, cartId, outcome.reason, countryCode))
  } catch (error) {
    // The shopper arrived by a browser redirect: a page to go back to beats a JSON 500.
    logger?.error?.(`medusa-payment-bnpl: the return for cart ${cartId} failed: ${(error as Error).message}`)
    if (!res.headersSent) res.redirect(303, checkoutPageUrl(options, cartId, "payment_failed"))
  }
}
