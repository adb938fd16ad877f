import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { countCompletion } from "../../client/telemetry"
import { checkApprovedCart } from "../../operations/approved-cart"
import { openHoldOfCart } from "../../runtime/records/held-orders"
import { shopperMedusaError } from "../../providers/bnpl/errors"
import { cartIdSchema } from "../request-schemas"

/**
 * On Medusa's `POST /store/carts/:id/complete`: a cart whose pay-later session was approved
 * for other contents (address, e-mail, items, shipping method) is not completed; the session
 * is deleted and the store answers 400 `{ code: "cart_changed", type: "not_allowed" }`
 * (operations/approved-cart.ts). A cart whose approval is held for the merchant
 * (`onOrderFailure: "hold"`, operations/held-orders.ts) is not completed by the shopper either:
 * 400 `{ code: "order_on_hold", type: "not_allowed" }`; the admin places it. Carts paid
 * otherwise pass untouched, as does a malformed id (Medusa's own route answers it).
 *
 * This early answer holds no lock: an update racing the complete is caught by the check the
 * complete-cart workflow runs under the cart's lock (workflows/hooks/complete-cart-approved.ts),
 * which answers the same `cart_changed`.
 */
export async function refuseChangedCart(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction): Promise<void> {
  try {
    const cartId = cartIdSchema.safeParse(req.params.id)
    if (!cartId.success) return next()
    // Every cart's completion passes here: a records table that cannot be read must not stop
    // carts paid otherwise (the plugin's own completion reads it again and fails loudly).
    if (await openHoldOfCart(cartId.data).catch(() => undefined)) throw shopperMedusaError("order_on_hold")
    const check = await checkApprovedCart(req.scope, cartId.data)
    if (check.outcome === "changed") throw shopperMedusaError("cart_changed")
    if (check.outcome === "unchanged") countWhenPlaced(res)
    next()
  } catch (error) {
    next(error)
  }
}

/**
 * Counts the completion as the storefront's (`bnpl.completions{bnpl.path=storefront}`) when
 * Medusa's route made the cart an order, read from its answer: core 2.21's route answers 200
 * `{ type: "order", order }` then, and `{ type: "cart", cart, error }` when the cart stays a cart.
 * The cart is not read again for it: that read (about 20 ms of the store's CPU, measured by the
 * bench's warm shop, docs/performance.md) ran after every answer and landed on the store's next
 * request, the admin's capture or cancel in the bench.
 */
function countWhenPlaced(res: MedusaResponse): void {
  const json = res.json.bind(res)
  res.json = (body: unknown) => {
    if (res.statusCode < 300 && (body as { type?: unknown } | undefined)?.type === "order") countCompletion("storefront")
    return json(body)
  }
}
