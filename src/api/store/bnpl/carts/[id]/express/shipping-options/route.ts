import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { expressShippingOptions } from "../../../../../../../operations/express/shipping-options"
import { cartIdSchema, popupAddressSchema } from "../../../../../../request-schemas"
import { parseRequestPart } from "../../../../../../validate-request"
import { answeringExpressFailure } from "../../../../express-answer"

/** `POST /store/bnpl/carts/:id/express/shipping-options`: puts the popup's address on the cart and answers its shipping options. */
export async function POST(req: MedusaRequest, res: MedusaResponse): Promise<void> {
  const cartId = parseRequestPart(cartIdSchema, req.params.id, "id")
  const address = parseRequestPart(popupAddressSchema, req.body, "body")
  await answeringExpressFailure(res, async () => {
    const answer = await expressShippingOptions(req.scope, cartId, address)
    res.setHeader("Cache-Control", "no-store")
    res.json(answer)
  })
}
