import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { expressShippingOptions } from "../../../../../../../operations/express/shipping-options"
import { cartIdSchema, popupAddressSchema } from "../../../../../../request-schemas"
import { parseRequestPart } from "../../../../../../validate-request"
import { answeringExpressFailure } from "../../../../express-answer"

/**
 * `POST /store/bnpl/carts/:id/express/shipping-options` body = the popup's address
 * `{ name?, address1, address2?, area2?, suburb?, state?, postcode?, countryCode, phoneNumber? }`
 * -> 200 `{ shipping_options: [{ id, name, description, shippingAmount, taxAmount, orderAmount }] }`
 * (Money with API strings) or 200 `{ rejection: "SHIPPING_ADDRESS_UNSUPPORTED" |
 * "SHIPPING_ADDRESS_UNRECOGNIZED" | "SERVICE_UNAVAILABLE" }`, what the page passes to the
 * popup's `actions.resolve` / `actions.reject` (operations/express/shipping-options.ts).
 * The address goes on the cart as its shipping address. 404 `cart_not_found`.
 */
export async function POST(req: MedusaRequest, res: MedusaResponse): Promise<void> {
  const cartId = parseRequestPart(cartIdSchema, req.params.id, "id")
  const address = parseRequestPart(popupAddressSchema, req.body, "body")
  await answeringExpressFailure(res, async () => {
    const answer = await expressShippingOptions(req.scope, cartId, address)
    res.setHeader("Cache-Control", "no-store")
    res.json(answer)
  })
}
