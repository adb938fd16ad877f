import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { orderPaymentViews } from "../../../payment-views"
import { OrderParams, parseParams } from "../../../validators"

/** `GET /admin/bnpl/orders/:order_id/payments` -> `{ payments: PaymentView[] }`, empty for an order paid otherwise; 404 for an unknown order. */
export async function GET(req: MedusaRequest, res: MedusaResponse): Promise<void> {
  const { order_id } = parseParams(OrderParams, req.params)
  res.json({ payments: await orderPaymentViews(req.scope, order_id) })
}
