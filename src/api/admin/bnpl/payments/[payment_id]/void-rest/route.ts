import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import { paymentView } from "../../../payment-views"
import { adminError } from "../../../service-errors"
import { parseParams, PaymentParams } from "../../../validators"
import { recordReleasedRest } from "../../../../../../operations/released-rest"

/**
 * `POST /admin/bnpl/payments/:payment_id/void-rest` -> `{ payment: PaymentView }`: gives back to
 * the consumer what is still authorised of a partly captured payment. It goes through Medusa's
 * payment module (`cancelPayment`, as Medusa's own order cancel does), which calls the
 * provider's void with the payment id as requestId and records the payment as canceled; the
 * captured money stays captured and refundable. Medusa has no button for this: it only voids
 * by cancelling the whole order. Medusa's order is then told the released amount will not be
 * paid (released-rest.ts), so its outstanding and pending amounts read 0 as the box does. The
 * amount is the service's, from its answer to the void, whatever capture raced it.
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
  let canceled: { data?: Record<string, unknown> | null }
  try {
    canceled = await req.scope.resolve(Modules.PAYMENT).cancelPayment(payment_id)
  } catch (error) {
    throw adminError("Void refused", error, req.scope.resolve(ContainerRegistrationKeys.LOGGER))
  }
  // The service's own figure of what the void gave back (the provider keeps it from the Void
  // Payment answer), never Medusa's captures: a capture sent meanwhile is among those until the
  // service refuses it, and counting it would leave Medusa owed what the consumer was given back.
  const fromAnswer = canceled?.data?.releasedAmount
  const released = typeof fromAnswer === "string" ? fromAnswer : (await paymentView(req.scope, payment_id, { refresh: true })).view.amounts.released
  try {
    await recordReleasedRest(req.scope, payment_id, released)
  } catch (error) {
    // The money is given back; only Medusa's figures lag (the box's next read of the service
    // corrects them), and the box says what Medusa shows.
    req.scope.resolve(ContainerRegistrationKeys.LOGGER).warn(
      `medusa-payment-bnpl: the rest of payment ${payment_id} was voided (${released}); Medusa's order could not be told: ${(error as Error)?.message ?? String(error)}`
    )
  }
  res.json({ payment: (await paymentView(req.scope, payment_id, { refresh: true })).view })
}
