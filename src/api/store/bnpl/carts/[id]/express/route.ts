import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { startExpressCheckout } from "../../../../../../operations/express/start"
import { cartIdSchema, expressStartBodySchema } from "../../../../../request-schemas"
import { parseRequestPart } from "../../../../../validate-request"
import { answeringExpressFailure } from "../../../express-answer"

/**
 * `POST /store/bnpl/carts/:id/express` body `{ provider_id? }` -> 200 `{ token, expires,
 * provider_id }`: starts an express checkout for the cart (operations/express/start.ts), the
 * token the page hands the service's popup (`actions.resolve(token)`). The request's `Origin`
 * must be the store's own storefront. Refusals: `{ type, reason, message }` with reason
 * `cart_not_found` (404), `cart_completed` (409), `origin_not_allowed` (403), `not_offered`, `excluded_items`,
 * `outside_limits` (422), `processing` (202), `service_unavailable` (503).
 * With the publishable key, like Medusa's cart routes; never cached.
 */
export async function POST(req: MedusaRequest, res: MedusaResponse): Promise<void> {
  const cartId = parseRequestPart(cartIdSchema, req.params.id, "id")
  const body = parseRequestPart(expressStartBodySchema, req.body, "body")
  await answeringExpressFailure(res, async () => {
    const started = await startExpressCheckout(req.scope, { cartId, providerId: body.provider_id, origin: req.headers.origin })
    res.setHeader("Cache-Control", "no-store")
    res.json(started)
  })
}
