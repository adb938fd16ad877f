import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { orderPaymentViews } from "../../../payment-views"
import { OrderParams, parseParams } from "../../../validators"

/**
 * `GET /admin/bnpl/orders/:order_id/payments` -> `{ payments: PaymentView[] }`: the order's pay
 * later payments for the order page's widget (state, amounts, expiry, courier, actions).
 * An order paid otherwise gives `{ payments: [] }`; an unknown order 404.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse): Promise<void> {
  const { order_id } = parseParams(OrderParams, req.params)
  res.json({ payments: await orderPaymentViews(req.scope, order_id) })
}
