import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { refundPaymentWorkflow } from "@medusajs/medusa/core-flows"
import type { z } from "zod"
import { checkRefundAmount } from "../../../../../../runtime/views/refund-amount"
import { paymentView } from "../../../payment-views"
import { adminError } from "../../../service-errors"
import { parseParams, PaymentParams, type RefundBody } from "../../../validators"

type AdminRequest = MedusaRequest<z.output<typeof RefundBody>> & { auth_context?: { actor_id?: string } }

/**
 * `POST /admin/bnpl/payments/:payment_id/refund` `{ amount, refund_reason_id?, note? }` ->
 * `{ payment: PaymentView }`: refunds part or all of what the payment captured and has not
 * refunded yet, a partly captured payment and one whose rest was voided included (Medusa's
 * own Refund menu item waits for a capture in full and is off for a canceled payment). It runs
 * Medusa's own refund workflow, as Medusa's `POST /admin/payments/:id/refund` does, so Medusa
 * records the refund with its reason, note and admin, adds it to the order's transactions and
 * its activity, and the provider refunds at the service with the refund's id as requestId
 * (docs/service-api.md "Create Refund").
 * @throws MedusaError 400 for an amount Medusa's dialog would refuse (not a number, too many
 * decimals, 0, more than captured and not refunded) or a payment of another checkout; 400 with
 * the service's reason for its refusal (more than is available, 120 days passed); 502 when the
 * service refused the credentials or did not answer (service-errors.ts). Nothing is refunded then.
 */
export async function POST(req: AdminRequest, res: MedusaResponse): Promise<void> {
  const { payment_id } = parseParams(PaymentParams, req.params)
  const { amount, refund_reason_id, note } = req.validatedBody
  const { view } = await paymentView(req.scope, payment_id)
  // The service's payment of that id is another checkout's: nothing is done with it.
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
