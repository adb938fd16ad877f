import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import { paymentView } from "../../../payment-views"
import { adminError } from "../../../service-errors"
import { parseParams, PaymentParams } from "../../../validators"
import { recordReleasedRest } from "../../../../../../operations/released-rest"

/** `POST /admin/bnpl/payments/:payment_id/void-rest`: voids the rest of a partly captured payment via Medusa's `cancelPayment`. */
export async function POST(req: MedusaRequest, res: MedusaResponse): Promise<void> {
  const { payment_id } = parseParams(PaymentParams, req.params)
  const { view } = await paymentView(req.scope, payment_id)
  if (view.mismatch) throw new MedusaError(MedusaError.Types.NOT_ALLOWED, view.mismatch, "payment_mismatch")
  if (!view.actions.voidRest) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `Void the rest is for a partly captured payment; this one is ${view.state.replace("_", " ")}. To void an uncaptured payment, cancel the order.`,
    )
  }
  let canceled: { data?: Record<string, unknown> | null }
  try {
    canceled = await req.scope.resolve(Modules.PAYMENT).cancelPayment(payment_id)
  } catch (error) {
    throw adminError("Void refused", error, req.scope.resolve(ContainerRegistrationKeys.LOGGER))
  }
  // The service's figure from the void's answer, never Medusa's captures (see `releasedOf`).
  const fromAnswer = canceled?.data?.releasedAmount
  const released =
    typeof fromAnswer === "string" ? fromAnswer : (await paymentView(req.scope, payment_id, { refresh: true })).view.amounts.released
  try {
    await recordReleasedRest(req.scope, payment_id, released)
  } catch (error) {
    // The money is given back; only Medusa's figures lag, until the box's next read corrects them.
    req.scope
      .resolve(ContainerRegistrationKeys.LOGGER)
      .warn(
        `medusa-payment-bnpl: the rest of payment ${payment_id} was voided (${released}); Medusa's order could not be told: ${(error as Error)?.message ?? String(error)}`,
      )
  }
  res.json({ payment: (await paymentView(req.scope, payment_id, { refresh: true })).view })
}
