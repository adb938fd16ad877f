import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { paymentView } from "../../../payment-views"
import { parseParams, PaymentParams } from "../../../validators"

/**
 * `POST /admin/bnpl/payments/:payment_id/refresh` -> `{ payment: PaymentView }`: reads the
 * payment from the service now (Get Payment; it moves no money) — the widget's "Refresh from
 * the service". A service that does not answer is shown in `payment.service.error`.
 */
export async function POST(req: MedusaRequest, res: MedusaResponse): Promise<void> {
  const { payment_id } = parseParams(PaymentParams, req.params)
  const { view } = await paymentView(req.scope, payment_id, { refresh: true })
  res.json({ payment: view })
}
