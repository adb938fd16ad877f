import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { completePayLaterCart } from "../../../../../operations/complete-cart"
import type { z } from "zod"
import { accountForProvider, getPluginRuntime } from "../../../../../runtime/accounts/plugin-runtime"
import { updateFinding } from "../../../../../runtime/records/reconciliation-findings"
import { updateHeldOrder } from "../../../../../runtime/records/held-orders"
import { decideHeldApproval } from "../../../../../operations/held-orders"
import { adminError } from "../../service-errors"
import type { CompleteFindingBody } from "../../validators"
import { findingsView } from "../findings"

/**
 * `POST /admin/bnpl/reconciliation/complete`: places the order of an approved open cart through Medusa's complete-cart
 * workflow, so the provider authorises with the session's own requestId and gets the approved payment back.
 */
export async function POST(req: MedusaRequest<z.output<typeof CompleteFindingBody>>, res: MedusaResponse): Promise<void> {
  const { cart_id } = req.validatedBody
  const before = await findingsView(req.scope)
  const finding = before.findings.find((candidate) => candidate.cartId === cart_id && candidate.actions.complete)
  if (!finding) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `Cart ${cart_id} is not an open cart among the reconciliation's findings; only a checkout the service approved and Medusa did not complete can be completed here.`,
    )
  }
  if (finding.kind === "order_on_hold") {
    // Under the hold's decision lock: a Void sent at the same time waits, then finds it placed.
    const orderId = await decideHeldApproval(req.scope, cart_id, async (held) => {
      const placed = await complete(req.scope, cart_id)
      await updateHeldOrder(held.id, { outcome: "placed", settledAt: new Date().toISOString(), orderId: placed })
      return placed
    })
    return void res.json({ order_id: orderId, ...(await findingsView(req.scope)) })
  }
  const orderId = await complete(req.scope, cart_id)
  const account = accountForProvider(getPluginRuntime(req.scope), finding.providerId)
  if (account) await updateFinding(account.options, finding.serviceOrderId, { completedOrderId: orderId })
  res.json({ order_id: orderId, ...(await findingsView(req.scope)) })
}

/** The completion every caller uses; the order id, or an error saying why not. */
async function complete(scope: MedusaRequest["scope"], cartId: string): Promise<string> {
  const outcome = await completePayLaterCart(scope, { cartId, caller: "admin" }).catch((error: unknown) => {
    throw adminError("Completing the cart failed", error, scope.resolve(ContainerRegistrationKeys.LOGGER))
  })
  if (outcome.outcome !== "completed") {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `Completing the cart failed: ${outcome.outcome === "failed" ? `${outcome.reason}${outcome.message ? ` (${outcome.message})` : ""}` : "still processing"}.`,
    )
  }
  return outcome.orderId
}
