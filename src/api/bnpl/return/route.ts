import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { completePayLaterCart } from "../../../operations/complete-cart"
import { getPluginRuntime } from "../../../runtime/accounts/plugin-runtime"
import { COLLECTION_RETURN_PARAMETER } from "../../../payments/order-collection"
import { returnQuerySchema } from "../../request-schemas"
import { orderCollectionReturn } from "./order-collection-return"
import { storefrontCountryOf } from "./storefront-country"
import { checkoutPageUrl, orderPageUrl, processingPageUrl } from "./storefront-urls"

/**
 * How long the shopper waits on the return route before being sent to the storefront's
 * processing state; proxies and browsers give up on a request after about 30 s.
 */
export const RETURN_DEADLINE_MS = 18_000

/**
 * `GET /bnpl/return?cart_id=&orderToken=&status=`: where the service sends the consumer back
 * (docs/service-api.md: `orderToken` and `status=SUCCESS|CANCELLED` are appended).
 * Reached by a browser redirect, so it needs no publishable key: anyone can call it, and it
 * proves nothing but what it is given (docs/security.md).
 *
 * - A malformed query, an unknown cart, and a cart none of whose pay-later sessions holds
 *   `orderToken` all get the same answer: the checkout page with `bnpl_error=invalid_return`,
 *   no cart id and no order id, so the route tells nobody whether a cart exists.
 * - The token of the cart's session and a cart that is already an order: its order page, once
 *   the order's payment is authorised; an order placed without it (a completion interrupted
 *   mid-Auth) is repaired first (operations/repair-unpaid-orders.ts), else `processing`.
 * - `status=SUCCESS`: the cart is completed (operations/complete-cart.ts) and the consumer
 *   sent to the order page, or back to the checkout with `bnpl_error=<reason>`. Within about
 *   20 seconds whatever the service does: past that, to the checkout with
 *   `bnpl_status=processing` while the completion goes on (the storefront polls
 *   `GET /store/bnpl/carts/:id/status`).
 * - Anyone holding a real token can replay the URL: a session whose Auth came back "not
 *   confirmed" to this route gets no Auth from it again within a back-off (15 s doubling to
 *   5 min, shared by every instance: operations/auth-backoff.ts); such a replay is sent to
 *   the processing state and the background job tries the session at its next run.
 *
 * With `payment_collection_id` instead of `cart_id`, the return from the checkout of an
 * order's payment collection (order-collection-return.ts).
 */
export async function GET(req: MedusaRequest, res: MedusaResponse): Promise<void> {
  // The return from the checkout of an order's payment collection: its own route logic.
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
