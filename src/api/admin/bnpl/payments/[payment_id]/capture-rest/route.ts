import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { capturePaymentWorkflow } from "@medusajs/medusa/core-flows"
import { apiAmountToMinorUnits, minorUnitsToApiAmount } from "../../../../../../client/money"
import { checkCaptureAmount } from "../../../../../../payments/money-rules"
import { paymentView } from "../../../payment-views"
import { adminError } from "../../../service-errors"
import { parseParams, PaymentParams } from "../../../validators"

/** `POST /admin/bnpl/payments/:payment_id/capture-rest`: captures the rest of a partly captured payment via Medusa's workflow. */
export async function POST(req: MedusaRequest & { auth_context?: { actor_id?: string } }, res: MedusaResponse): Promise<void> {
  const { payment_id } = parseParams(PaymentParams, req.params)
  const { view } = await paymentView(req.scope, payment_id)
  if (view.mismatch) throw new MedusaError(MedusaError.Types.NOT_ALLOWED, view.mismatch, "payment_mismatch")
  if (!view.actions.captureRest) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `Capture the rest is for a partly captured payment; this one is ${view.state.replace("_", " ")} with ${view.amounts.captured} of ${view.amounts.authorised} ${view.currency} captured. Use the order's Capture button.`,
    )
  }
  const rest = apiAmountToMinorUnits(view.amounts.authorised) - apiAmountToMinorUnits(view.amounts.captured)
  // The same checks as the order page's partial capture.
  const checked = checkCaptureAmount(view, minorUnitsToApiAmount(rest))
  if (!checked.ok) throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `Capture the rest: ${checked.message}`)
  try {
    await capturePaymentWorkflow(req.scope).run({
      input: { payment_id, amount: checked.amount, captured_by: req.auth_context?.actor_id },
    })
  } catch (error) {
    throw adminError("Capture refused", error, req.scope.resolve(ContainerRegistrationKeys.LOGGER))
  }
  res.json({ payment: (await paymentView(req.scope, payment_id, { refresh: true })).view })
}
