import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { exactMinorUnits, minorUnitsToApiAmount, toMinorUnits } from "../../client/money"
import { payLaterPaymentOfCaptureRoute } from "./capture-route-payment"

/**
 * On Medusa's `POST /admin/payments/:id/capture`: Medusa 2.21's order page keeps its "Capture
 * payment" button on a payment until it is captured in full, and the button always asks for
 * the payment's whole amount, which Medusa refuses once part is captured ("You cannot capture
 * more than the authorized amount substracted by what is already captured"). For a partly
 * captured pay later payment (not canceled), a capture asking for more than is still open, or
 * for no amount, captures what is still open instead: the button does what it says, capture
 * the payment, and is never refused. An amount up to what is open (the Pay later box's own
 * partial capture) passes untouched, as do other providers' payments. The Pay later box says
 * so under the payment (runtime/views/medusa-notes.ts).
 */
export async function captureWhatIsOpenOfPartlyCaptured(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction): Promise<void> {
  try {
    const payment = await payLaterPaymentOfCaptureRoute(req)
    if (!payment || payment.captured_at || payment.canceled_at || payment.amount === undefined) return next()
    const captured = (payment.captures ?? []).reduce((sum, capture) => sum + (capture ? toMinorUnits(capture.amount, "captures.amount") : 0n), 0n)
    const open = toMinorUnits(payment.amount, "payment.amount") - captured
    if (captured <= 0n || open <= 0n) return next()
    const body = (req.body ?? {}) as { amount?: unknown }
    // Exact: more than 2 decimals was refused before this (money-input-guard.ts), and 39.951
    // must not pass as 39.95 with 39.95 open.
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
