import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { exactMinorUnits, minorUnitsToApiAmount, toMinorUnits } from "../../client/money"
import { payLaterPaymentOfCaptureRoute } from "./capture-route-payment"

/**
 * On Medusa's capture route: its "Capture payment" button asks for the whole amount, which Medusa refuses once part is
 * captured, so for a partly captured pay later payment a capture of more than is open captures what is open.
 */
export async function captureWhatIsOpenOfPartlyCaptured(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction): Promise<void> {
  try {
    const payment = await payLaterPaymentOfCaptureRoute(req)
    if (!payment || payment.captured_at || payment.canceled_at || payment.amount === undefined) return next()
    const captured = (payment.captures ?? []).reduce(
      (sum, capture) => sum + (capture ? toMinorUnits(capture.amount, "captures.amount") : 0n),
      0n,
    )
    const open = toMinorUnits(payment.amount, "payment.amount") - captured
    if (captured <= 0n || open <= 0n) return next()
    const body = (req.body ?? {}) as { amount?: unknown }
    // Exact, so 39.951 cannot pass as 39.95 with 39.95 open.
    const asked = typeof body.amount === "number" && Number.isFinite(body.amount) ? exactMinorUnits(body.amount, "amount") : undefined
    if (asked !== undefined && asked <= open) return next()
    // Medusa's route takes a JSON number; the exact decimal string is made a number here only.
    const rest = Number(minorUnitsToApiAmount(open))
    req.body = { ...body, amount: rest }
    const validated = (req as MedusaRequest & { validatedBody?: Record<string, unknown> }).validatedBody
    if (validated) validated.amount = rest
    next()
  } catch (error) {
    next(error)
  }
}
