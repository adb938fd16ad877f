import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { countCompletion } from "../../client/telemetry"
import { checkApprovedCart } from "../../operations/approved-cart"
import { openHoldOfCart } from "../../runtime/records/held-orders"
import { shopperMedusaError } from "../../providers/bnpl/errors"
import { cartIdSchema } from "../request-schemas"

/**
 * On Medusa's `POST /store/carts/:id/complete`: refuses a pay-later cart changed since its approval (400 `cart_changed`,
 * the session deleted) or held for the merchant (400 `order_on_hold`). Holds no lock: an update racing the complete is
 * caught by the same check the complete-cart workflow runs under the cart's lock.
 */
export async function refuseChangedCart(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction): Promise<void> {
  try {
    const cartId = cartIdSchema.safeParse(req.params.id)
    if (!cartId.success) return next()
    // Every cart's completion passes here: an unreadable records table must not stop carts paid otherwise.
    if (await openHoldOfCart(cartId.data).catch(() => undefined)) throw shopperMedusaError("order_on_hold")
    const check = await checkApprovedCart(req.scope, cartId.data)
    if (check.outcome === "changed") throw shopperMedusaError("cart_changed")
    if (check.outcome === "unchanged") countWhenPlaced(res)
    next()
  } catch (error) {
    next(error)
  }
}

/** Counts a storefront completion from Medusa's answer: reading the cart again cost about 20 ms of CPU on the next request. */
function countWhenPlaced(res: MedusaResponse): void {
  const json = res.json.bind(res)
  res.json = (body: unknown) => {
    if (res.statusCode < 300 && (body as { type?: unknown } | undefined)?.type === "order") countCompletion("storefront")
    return json(body)
  }
}
