import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { exactMinorUnits, MoneyError, type MajorUnitAmount } from "../../client/money"
import { payLaterPaymentOfCaptureRoute } from "./capture-route-payment"

/**
 * On Medusa's `POST /admin/payments/:id/capture` and `POST /admin/payments/:id/refund`: an
 * `amount` of more than 2 decimals (20.005, 1e-3) for a pay later payment is refused with 400
 * naming the field and the rule, before Medusa records anything. Medusa's routes take any
 * positive number and keep it unrounded, while the service moves whole cents
 * (docs/service-api.md "Money"): Medusa would record 20.005 where the service captured 20.01.
 * Other providers' payments pass untouched.
 */
export async function refuseSubCentAmount(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction): Promise<void> {
  try {
    const amount = (req.body as { amount?: unknown } | undefined)?.amount
    if (amount === undefined || amount === null) return next()
    if (!(await payLaterPaymentOfCaptureRoute(req))) return next()
    exactMinorUnits(amount as MajorUnitAmount, "amount")
    next()
  } catch (error) {
    next(error instanceof MoneyError ? new MedusaError(MedusaError.Types.INVALID_DATA, `Invalid request: ${error.message}`) : error)
  }
}
