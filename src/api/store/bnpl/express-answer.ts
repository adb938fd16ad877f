import type { MedusaResponse } from "@medusajs/framework/http"
import type { CompletionOutcome } from "../../../operations/complete-cart"
import { ExpressFailure } from "../../../operations/express/express-failure"
import { isShopperReason, SHOPPER_MESSAGES } from "../../../payments/errors"

/** Answers an express route's refusal as `{ type, reason, message }` with its status; any other error goes to Medusa's handler. */
export async function answeringExpressFailure(res: MedusaResponse, work: () => Promise<void>): Promise<void> {
  try {
    await work()
  } catch (error) {
    if (!(error instanceof ExpressFailure)) throw error
    res.setHeader("Cache-Control", "no-store")
    res.status(error.status).json(error.toBody())
  }
}

/** A completion that placed no order, as the express refusal the complete route answers. */
export function completionFailure(outcome: Exclude<CompletionOutcome, { outcome: "completed" }>): ExpressFailure {
  if (outcome.outcome === "processing") {
    return new ExpressFailure("processing", "The order is being placed. Check again in a moment (GET /store/bnpl/carts/:id/status).")
  }
  const { reason } = outcome
  if (isShopperReason(reason)) return new ExpressFailure(reason, SHOPPER_MESSAGES[reason])
  return new ExpressFailure(
    reason,
    reason === "cancelled" ? "The pay later checkout was cancelled." : "This pay later checkout is not this cart's.",
  )
}
