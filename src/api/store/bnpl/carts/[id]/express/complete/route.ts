import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { completeExpressCheckout } from "../../../../../../../operations/express/complete"
import { cartIdSchema, expressCompleteBodySchema } from "../../../../../../request-schemas"
import { parseRequestPart } from "../../../../../../validate-request"
import { answeringExpressFailure, completionFailure } from "../../../../express-answer"

/**
 * `POST /store/bnpl/carts/:id/express/complete` body `{ orderToken }` -> 200 `{ order_id }`:
 * after the popup's `onComplete` with SUCCESS, puts the consumer's choices (Get Checkout) on
 * the cart and completes it with one Auth for the approved amount
 * (operations/express/complete.ts). Refusals: `{ type, reason, message }` with the standard
 * flow's reasons (`amount_changed`, `cart_changed`, `declined`, `expired`, `not_confirmed`,
 * `payment_failed`, `order_failed`, `unavailable`, `invalid_return` for a token that is not
 * this cart's), `processing` (202: another completion is at work; poll
 * `GET /store/bnpl/carts/:id/status`), `cart_not_found` (404). Calling it again for a cart
 * that became an order answers the same order.
 */
export async function POST(req: MedusaRequest, res: MedusaResponse): Promise<void> {
  const cartId = parseRequestPart(cartIdSchema, req.params.id, "id")
  const { orderToken } = parseRequestPart(expressCompleteBodySchema, req.body, "body")
  await answeringExpressFailure(res, async () => {
    const outcome = await completeExpressCheckout(req.scope, { cartId, orderToken })
    if (outcome.outcome !== "completed") throw completionFailure(outcome)
    res.setHeader("Cache-Control", "no-store")
    res.json({ order_id: outcome.orderId })
  })
}
