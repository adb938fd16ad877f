import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import { paymentView } from "../../../payment-views"
import { adminError } from "../../../service-errors"
import { parseParams, PaymentParams } from "../../../validators"

/**
 * `POST /admin/bnpl/payments/:payment_id/void-rest` -> `{ payment: PaymentView }`: gives back to
 * the consumer what is still authorised of a partly captured payment. It goes through Medusa's
 * payment module (`cancelPayment`, as Medusa's own order cancel does), which calls the
 * provider's void with the payment id as requestId and records the payment as canceled; the
 * captured money stays captured and refundable. Medusa has no button for this: it only voids
 * by cancelling the whole order.
 * @throws MedusaError NOT_ALLOWED when the payment is not partly captured; the service's refusal otherwise.
 */
export async function POST(req: MedusaRequest, res: MedusaResponse): Promise<void> {
  const { payment_id } = parseParams(PaymentParams, req.params)
  const { view } = await paymentView(req.scope, payment_id)
  // The service's payment of that id is another checkout's: nothing is done with it.
  if (view.mismatch) throw new MedusaError(MedusaError.Types.NOT_ALLOWED, view.mismatch, "payment_mismatch")
  if (!view.actions.voidRest) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `Void the rest is for a partly captured payment; this one is ${view.state.replace("_", " ")}. To void an uncaptured payment, cancel the order.`
    )
  }
  try {
    await req.scope.resolve(Modules.PAYMENT).cancelPayment(payment_id)
  } catch (error) {
    throw adminError("Void refused", error)
  }
  res.json({ payment: (await paymentView(req.scope, payment_id, { refresh: true })).view })
}
