import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { RemoteQueryFunction } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import { completeCartWorkflowId } from "@medusajs/medusa/core-flows"
import { isBnplProvider } from "../../store/payment-session-snapshot"
import { getPluginRuntime } from "../../../runtime/plugin-runtime"
import { checkoutPageUrl, orderPageUrl, type ReturnFailure } from "./storefront-urls"

interface ReturnQuery {
  cart_id?: string
  orderToken?: string
  status?: string
}

// How long a request waits for a completion another request is already running.
const CONCURRENT_COMPLETION_WAIT_MS = 15_000

/**
 * `GET /bnpl/return?cart_id=&orderToken=&status=`: where the service sends the consumer back
 * (api-beyond-the-document.md: `orderToken` and `status=SUCCESS|CANCELLED` are appended).
 * Reached by a browser redirect, so it needs no publishable key.
 *
 * SUCCESS with the token of the cart's current session completes the cart (which authorises
 * with Auth) and redirects to the storefront's order page. CANCELLED, a decline, or a token
 * that is not the cart's current one redirects to the storefront's checkout with
 * `bnpl_error=<reason>` and creates no order. Hit again for a cart already completed, it
 * redirects to the same order: one cart, one order, however often the consumer reloads.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse): Promise<void> {
  const { options, logger } = getPluginRuntime(req.scope)
  const { cart_id: cartId } = req.query as ReturnQuery
  try {
    await returnToStorefront(req, res)
  } catch (error) {
    // The shopper arrived by a browser redirect: a page to go back to beats a JSON 500.
    logger?.error?.(`medusa-payment-bnpl: the return for cart ${cartId ?? "unknown"} failed: ${(error as Error).message}`)
    if (!res.headersSent) res.redirect(303, checkoutPageUrl(options, cartId, "payment_failed"))
  }
}

async function returnToStorefront(req: MedusaRequest, res: MedusaResponse): Promise<void> {
  const { options, logger } = getPluginRuntime(req.scope)
  const { cart_id: cartId, orderToken, status } = req.query as ReturnQuery
  const fail = (reason: ReturnFailure) => res.redirect(303, checkoutPageUrl(options, cartId, reason))
  if (!cartId || !orderToken) return fail("missing_parameters")

  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "cart",
    fields: [
      "id",
      "completed_at",
      "order.id",
      "payment_collection.payment_sessions.provider_id",
      "payment_collection.payment_sessions.data",
    ],
    filters: { id: cartId },
  })
  const cart = data[0] as CartForReturn | undefined
  if (!cart) return fail("cart_not_found")
  const session = cart.payment_collection?.payment_sessions?.find(
    (candidate) => isBnplProvider(candidate.provider_id) && candidate.data?.token === orderToken
  )
  if (!session) {
    if (cart.order?.id) return res.redirect(303, orderPageUrl(options, cart.order.id, cartId))
    return fail("token_mismatch")
  }
  if (status !== "SUCCESS") return fail("cancelled")
  if (cart.order?.id) return res.redirect(303, orderPageUrl(options, cart.order.id, cartId))

  const workflowEngine = req.scope.resolve(Modules.WORKFLOW_ENGINE)
  const { errors, result, transaction } = await workflowEngine.run(completeCartWorkflowId, {
    input: { id: cartId },
    throwOnError: false,
  })
  const orderId =
    (transaction.hasFinished() && !errors?.length && (result as { id?: string })?.id) ||
    (await waitForOrder(query, cartId, transaction.hasFinished() ? 0 : CONCURRENT_COMPLETION_WAIT_MS))
  if (orderId) return res.redirect(303, orderPageUrl(options, orderId, cartId))

  const error = errors?.[0]?.error as MedusaError | undefined
  logger?.info?.(`medusa-payment-bnpl: cart ${cartId} was not completed on return: ${error?.message ?? "still being completed"}`)
  return fail(failureReason(error))
}

interface CartForReturn {
  id: string
  completed_at?: string | null
  order?: { id: string } | null
  payment_collection?: {
    payment_sessions?: Array<{ provider_id: string; data?: Record<string, unknown> }>
  } | null
}

type Query = Omit<RemoteQueryFunction, symbol>

async function waitForOrder(query: Query, cartId: string, waitMs: number): Promise<string | undefined> {
  const deadline = Date.now() + waitMs
  for (;;) {
    const { data } = await query.graph({ entity: "cart", fields: ["id", "order.id"], filters: { id: cartId } })
    const orderId = (data[0] as CartForReturn | undefined)?.order?.id
    if (orderId || Date.now() >= deadline) return orderId
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

function failureReason(error: MedusaError | undefined): ReturnFailure {
  const message = error?.message ?? ""
  if (/declined/i.test(message)) return "declined"
  if (/expired|already used/i.test(message)) return "expired"
  // The provider answers requires_more while the consumer has not confirmed; Medusa's payment
  // module turns that into "Session ... was not authorized with the provider."
  if (error?.type === MedusaError.Types.PAYMENT_REQUIRES_MORE_ERROR || /was not authorized/i.test(message)) {
    return "not_confirmed"
  }
  return "payment_failed"
}
