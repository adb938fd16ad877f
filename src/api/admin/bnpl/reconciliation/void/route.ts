import { requestIds } from "../../../../../payments/request-ids"
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { accountForProvider, getPluginRuntime } from "../../../../../runtime/accounts/plugin-runtime"
import { updateFinding } from "../../../../../runtime/records/reconciliation-findings"
import { decideHeldApproval, voidHeldApproval } from "../../../../../operations/held-orders"
import { adminError } from "../../service-errors"
import type { VoidFindingBody } from "../../validators"
import { findingsView } from "../findings"
import type { z } from "zod"

/**
 * `POST /admin/bnpl/reconciliation/void`: voids an approved payment with no Medusa order (docs/service-api.md "Void Payment")
 * with the job's requestId, so the job and the admin never void twice. A held approval goes through Medusa's payment module.
 */
export async function POST(req: MedusaRequest<z.output<typeof VoidFindingBody>>, res: MedusaResponse): Promise<void> {
  const { service_order_id, provider_id } = req.validatedBody
  const before = await findingsView(req.scope)
  const finding = before.findings.find(
    (candidate) => candidate.serviceOrderId === service_order_id && (!provider_id || candidate.providerId === provider_id),
  )
  if (!finding?.actions.void) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      finding?.kind === "order_without_payment"
        ? `Service order ${service_order_id} is the payment of Medusa order ${finding.medusaOrderId}, which is being given it; it is never voided from here.`
        : finding
          ? `Service order ${service_order_id} is already ${finding.voided ? "voided" : `completed into order ${finding.completedOrderId}`}.`
          : `Service order ${service_order_id} is not among the reconciliation's findings; only an approved payment with no Medusa order can be voided here.`,
    )
  }
  if (finding.kind === "order_on_hold" && finding.cartId) {
    // Under the hold's decision lock: a concurrent "Place the order" runs before or after, and the later finds it settled.
    await decideHeldApproval(req.scope, finding.cartId, (held) =>
      voidHeldApproval(req.scope, held).catch((error: unknown) => {
        throw adminError("Void refused", error, req.scope.resolve(ContainerRegistrationKeys.LOGGER))
      }),
    )
    return void res.json(await findingsView(req.scope))
  }
  const account = accountForProvider(getPluginRuntime(req.scope), finding.providerId)
  if (!account) throw new MedusaError(MedusaError.Types.NOT_FOUND, `No pay later account ${finding.providerId} in this store.`)
  const { client, options } = account
  try {
    await client.voidPayment(service_order_id, { requestId: requestIds.orphanVoid(service_order_id) })
  } catch (error) {
    throw adminError("Void refused", error, req.scope.resolve(ContainerRegistrationKeys.LOGGER))
  }
  await updateFinding(options, service_order_id, { voided: true, voidedAt: new Date().toISOString() })
  res.json(await findingsView(req.scope))
}
