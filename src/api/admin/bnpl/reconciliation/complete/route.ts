import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { completeCartWorkflow } from "@medusajs/medusa/core-flows"
import type { z } from "zod"
import { getPluginRuntime } from "../../../../../runtime/plugin-runtime"
import { updateFinding } from "../../../../../runtime/reconciliation-findings"
import { adminError } from "../../service-errors"
import type { CompleteFindingBody } from "../../validators"
import { findingsView } from "../findings"

/**
 * `POST /admin/bnpl/reconciliation/complete` `{ cart_id }` -> `{ order_id, ...findings }`:
 * places the order for a consumer the service approved whose cart is still open, through
 * Medusa's complete-cart workflow (as the return route does), so the provider authorises with
 * the session's own requestId and the service answers with the payment it already approved.
 * Only a current finding whose cart is open can be completed.
 */
export async function POST(req: MedusaRequest<z.output<typeof CompleteFindingBody>>, res: MedusaResponse): Promise<void> {
  const { cart_id } = req.validatedBody
  const before = await findingsView(req.scope)
  const finding = before.findings.find((candidate) => candidate.cartId === cart_id && candidate.actions.complete)
  if (!finding) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `Cart ${cart_id} is not an open cart among the reconciliation's findings; only a checkout the service approved and Medusa did not complete can be completed here.`
    )
  }
  let orderId: string
  try {
    const { result } = await completeCartWorkflow(req.scope).run({ input: { id: cart_id } })
    orderId = result.id
  } catch (error) {
    throw adminError("Completing the cart failed", error)
  }
  const { options, cache } = getPluginRuntime(req.scope)
  await updateFinding(options, cache, finding.serviceOrderId, { completedOrderId: orderId })
  res.json({ order_id: orderId, ...(await findingsView(req.scope)) })
}
