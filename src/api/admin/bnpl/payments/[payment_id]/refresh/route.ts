import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { paymentView } from "../../../payment-views"
import { parseParams, PaymentParams } from "../../../validators"

/** `POST /admin/bnpl/payments/:payment_id/refresh`: reads the payment with Get Payment now; a failure shows in `payment.service.error`. */
export async function POST(req: MedusaRequest, res: MedusaResponse): Promise<void> {
  const { payment_id } = parseParams(PaymentParams, req.params)
  const { view } = await paymentView(req.scope, payment_id, { refresh: true })
  res.json({ payment: view })
}
