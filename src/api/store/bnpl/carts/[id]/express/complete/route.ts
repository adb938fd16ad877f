import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { completeExpressCheckout } from "../../../../../../../operations/express/complete"
import { cartIdSchema, expressCompleteBodySchema } from "../../../../../../request-schemas"
import { parseRequestPart } from "../../../../../../validate-request"
import { answeringExpressFailure, completionFailure } from "../../../../express-answer"

/** `POST /store/bnpl/carts/:id/express/complete` `{ orderToken }`: puts the popup's choices on the cart and completes it. */
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
