import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MathBN } from "@medusajs/framework/utils"
import { z } from "zod"
import { toApiAmount, type MajorUnitAmount } from "../../client/money"
import { asPaymentData, isBnplProvider } from "../../payments/session-data"
import { recordCaptureAmount } from "../../runtime/capture-intent"
import { accountForPayment, getPluginRuntime } from "../../runtime/plugin-runtime"

const paymentIdSchema = z.string().regex(/^pay_[0-9A-HJKMNP-TV-Z]{26}$/)
const captureBodySchema = z.object({ amount: z.number().positive().optional() }).passthrough()

/**
 * On Medusa's `POST /admin/payments/:id/capture` for a pay-later payment: records the amount
 * Medusa is about to capture (the body's `amount`, else what is left uncaptured) so the
 * provider captures exactly that at the service (runtime/capture-intent.ts). Other payments,
 * and bodies Medusa's own validator will refuse, pass untouched.
 */
export async function recordAdminCaptureAmount(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction): Promise<void> {
  try {
    const paymentId = paymentIdSchema.safeParse(req.params.id)
    const body = captureBodySchema.safeParse((req as unknown as { validatedBody?: unknown }).validatedBody ?? req.body ?? {})
    if (!paymentId.success || !body.success) return next()
    const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
    const { data } = await query.graph({
      entity: "payment",
      fields: ["id", "provider_id", "amount", "data", "captures.amount"],
      filters: { id: paymentId.data },
    })
    const payment = data[0] as { provider_id: string; amount: MajorUnitAmount; data?: Record<string, unknown>; captures?: Array<{ amount: MajorUnitAmount }> } | undefined
    const serviceOrderId = asPaymentData(payment?.data).orderId
    if (!payment || !isBnplProvider(payment.provider_id) || !serviceOrderId) return next()
    const captured = (payment.captures ?? []).reduce((sum, capture) => MathBN.add(sum, capture.amount as never), MathBN.convert(0))
    const runtime = getPluginRuntime(req.scope)
    const account = accountForPayment(runtime, payment)
    if (!account) return next()
    const amount = body.data.amount ?? MathBN.sub(payment.amount as never, captured)
    await recordCaptureAmount(runtime.cache, { account: account.options, orderId: serviceOrderId }, toApiAmount(amount as MajorUnitAmount))
    next()
  } catch (error) {
    next(error)
  }
}
