import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { refundPaymentWorkflow } from "@medusajs/medusa/core-flows"
import type { z } from "zod"
import { checkRefundAmount } from "../../../../../../payments/money-rules"
import { paymentView } from "../../../payment-views"
import { adminError } from "../../../service-errors"
import { parseParams, PaymentParams, type RefundBody } from "../../../validators"

type AdminRequest = MedusaRequest<z.output<typeof RefundBody>> & { auth_context?: { actor_id?: string } }

/**
 * `POST /admin/bnpl/payments/:payment_id/refund`: refunds up to what is captured and not refunded, also where Medusa's menu
 * item refuses, through Medusa's refund workflow (docs/service-api.md "Create Refund"). 400 or 502 on a refusal.
 */
export async function POST(req: AdminRequest, res: MedusaResponse): Promise<void> {
  const { payment_id } = parseParams(PaymentParams, req.params)
  const { amount, refund_reason_id, note } = req.validatedBody
  const { view } = await paymentView(req.scope, payment_id)
  if (view.mismatch) throw new MedusaError(MedusaError.Types.NOT_ALLOWED, view.mismatch, "payment_mismatch")
  const checked = checkRefundAmount(view, amount)
  if (!checked.ok) throw new MedusaError(MedusaError.Types.INVALID_DATA, `Invalid request: ${checked.message}`)
  try {
    await refundPaymentWorkflow(req.scope).run({
      input: {
        payment_id,
        amount: checked.amount,
        created_by: req.auth_context?.actor_id,
        ...(refund_reason_id ? { refund_reason_id } : {}),
        ...(note?.trim() ? { note: note.trim() } : {}),
      },
    })
  } catch (error) {
    throw adminError("Refund refused", error, req.scope.resolve(ContainerRegistrationKeys.LOGGER))
  }
  res.json({ payment: (await paymentView(req.scope, payment_id, { refresh: true })).view })
}
