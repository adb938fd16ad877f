import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { startExpressCheckout } from "../../../../../../operations/express/start"
import { cartIdSchema, expressStartBodySchema } from "../../../../../request-schemas"
import { parseRequestPart } from "../../../../../validate-request"
import { answeringExpressFailure } from "../../../express-answer"

/** `POST /store/bnpl/carts/:id/express`: starts an express checkout; the `Origin` must be the store's own storefront. */
export async function POST(req: MedusaRequest, res: MedusaResponse): Promise<void> {
  const cartId = parseRequestPart(cartIdSchema, req.params.id, "id")
  const body = parseRequestPart(expressStartBodySchema, req.body, "body")
  await answeringExpressFailure(res, async () => {
    const started = await startExpressCheckout(req.scope, { cartId, providerId: body.provider_id, origin: req.headers.origin })
    res.setHeader("Cache-Control", "no-store")
    res.json(started)
  })
}
