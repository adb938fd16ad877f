import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { readCompletionRecord } from "../../../../../../operations/completion-record"
import { CART_PAYMENT_FIELDS, orderPaymentState, type CartPaymentRecord } from "../../../../../../operations/order-payment-state"
import { isBnplProvider } from "../../../../../../payments/session-data"
import { openHoldOfCart } from "../../../../../../runtime/records/held-orders"
import { cartIdSchema } from "../../../../../request-schemas"
import { parseRequestPart } from "../../../../../validate-request"

/** What `GET /store/bnpl/carts/:id/status` answers. */
export interface CartPaymentStatus {
  /** `completed` once the order's payment is authorised; `failed` with a reason (`order_on_hold` while held); else `processing`. */
  status: "processing" | "completed" | "failed"
  order_id?: string
  /** With `failed`: a `bnpl_error` reason. */
  reason?: string
}

/** `GET /store/bnpl/carts/:id/status`: whether a pay-later cart became an order; never cached, 404 without a pay-later session. */
export async function GET(req: MedusaRequest, res: MedusaResponse): Promise<void> {
  const cartId = parseRequestPart(cartIdSchema, req.params.id, "id")
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "cart", fields: CART_PAYMENT_FIELDS, filters: { id: cartId } })
  const cart = data[0] as CartPaymentRecord | undefined
  res.setHeader("Cache-Control", "no-store")
  // An order whose payment is not authorised yet (interrupted mid-Auth) stays processing until it is repaired.
  const order = orderPaymentState(cart)
  if (order.state === "paid") return void res.json({ status: "completed", order_id: order.orderId } satisfies CartPaymentStatus)
  // A held approval waits up to 13 days, longer than the completion record is kept.
  if (cart && (await openHoldOfCart(cartId)))
    return void res.json({ status: "failed", reason: "order_on_hold" } satisfies CartPaymentStatus)
  const failure = cart ? await readCompletionRecord(req.scope, cartId) : undefined
  if (failure) return void res.json({ status: "failed", reason: failure.reason } satisfies CartPaymentStatus)
  if (!cart?.payment_collection?.payment_sessions?.some((session) => !!session && isBnplProvider(session.provider_id))) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, "No pay later payment is in progress for this cart.")
  }
  res.json({ status: "processing" } satisfies CartPaymentStatus)
}
