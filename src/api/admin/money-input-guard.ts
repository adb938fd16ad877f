import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { exactMinorUnits, MoneyError, type MajorUnitAmount } from "../../client/money"
import { storableText } from "../../client/text-rules"
import { payLaterPaymentOfCaptureRoute } from "./capture-route-payment"

const REFUND_NOTE = storableText("note")

/**
 * On Medusa's capture and refund routes: refuses an `amount` of more than 2 decimals, as Medusa would record 20.005 where
 * the service moved 20.01 (docs/service-api.md "Money"), and a refund `note` PostgreSQL cannot store.
 */
export async function refuseUnmovableMoneyInput(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction): Promise<void> {
  try {
    const body = (req.body ?? {}) as { amount?: unknown; note?: unknown }
    if ((body.amount === undefined || body.amount === null) && body.note === undefined) return next()
    if (!(await payLaterPaymentOfCaptureRoute(req))) return next()
    if (body.amount !== undefined && body.amount !== null) exactMinorUnits(body.amount as MajorUnitAmount, "amount")
    if (body.note !== undefined && body.note !== null) {
      const note = REFUND_NOTE.safeParse(body.note)
      if (!note.success) throw new MedusaError(MedusaError.Types.INVALID_DATA, `Invalid request: ${note.error.issues[0].message}`)
    }
    next()
  } catch (error) {
    next(error instanceof MoneyError ? new MedusaError(MedusaError.Types.INVALID_DATA, `Invalid request: ${error.message}`) : error)
  }
}
