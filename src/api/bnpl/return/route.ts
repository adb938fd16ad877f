import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { RemoteQueryFunction } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import { completeCartWorkflowId } from "@medusajs/medusa/core-flows"
import { checkApprovedCart } from "../../../operations/approved-cart"
import { getPluginRuntime } from "../../../runtime/plugin-runtime"
import { returnQuerySchema, type ReturnQuery } from "../../request-schemas"
import { checkoutPageUrl, orderPageUrl, returnFailureReason, type ReturnFailure } from "./storefront-urls"

// How long a request waits for a completion another request is already running.
const CONCURRENT_COMPLETION_WAIT_MS = 15_000

/**
 * `GET /bnpl/return?cart_id=&orderToken=&status=`: where the service sends the consumer back
 * (api-beyond-the-document.md: `orderToken` and `status=SUCCESS|CANCELLED` are appended).
 * Reached by a browser redirect, so it needs no publishable key: anyone can call it, and it
 * proves nothing but what it is given (docs/security.md).
 *
 * - A malformed query, an unknown cart, and a cart none of whose pay-later sessions holds
 *   `orderToken` all get the same answer: the checkout page with `bnpl_error=invalid_return`,
 *   no cart id and no order id, so the route tells nobody whether a cart exists.
 * - The token of the cart's session and a cart that is already an order: its order page.
 * - `status=SUCCESS`: the cart is compared with what the consumer approved (a change deletes
 *   the session: `bnpl_error=cart_changed`), then completed (which authorises with Auth), and
 *   the consumer is sent to the order page, or back to the checkout with the reason.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse): Promise<void> {
  const { options, logger } = getPluginRuntime(req.scope)
  const parsed = returnQuerySchema.safeParse(req.query ?? {})
  if (!parsed.success) {
    logger?.debug?.(`medusa-payment-bnpl: a return with a malformed query was refused (${parsed.error.issues[0]?.path.join(".")})`)
    return res.redirect(303, checkoutPageUrl(options, undefined, "invalid_return"))
  }
  try {
    await returnToStorefront(req, res, parsed.data)
  } catch (error) {
    // The shopper arrived by a browser redirect: a page to go back to beats a JSON 500.
    logger?.error?.(`medusa-payment-bnpl: the return for cart ${parsed.data.cart_id} failed: ${(error as Error).message}`)
    if (!res.headersSent) res.redirect(303, checkoutPageUrl(options, parsed.data.cart_id, "payment_failed"))
  }
}

async function returnToStorefront(req: MedusaRequest, res: MedusaResponse, input: ReturnQuery): Promise<void> {
  const { options, logger } = getPluginRuntime(req.scope)
  const { cart_id: cartId, orderToken, status } = input
  const fail = (reason: ReturnFailure) => res.redirect(303, checkoutPageUrl(options, cartId, reason))

  // Only the checkout token links this request to the cart: until it matches, the answer is
  // the one an unknown cart gets, whatever the cart's state.
  const check = await checkApprovedCart(req.scope, cartId, orderToken)
  if (check.outcome === "no_session") return res.redirect(303, checkoutPageUrl(options, undefined, "invalid_return"))
  if (check.outcome === "completed") {
    const orderId = check.orderId ?? (await waitForOrder(req.scope.resolve(ContainerRegistrationKeys.QUERY), cartId, 0))
    if (orderId) return res.redirect(303, orderPageUrl(options, orderId, cartId))
  }
  if (status !== "SUCCESS") return fail("cancelled")
  if (check.outcome === "changed") {
    logger?.info?.(`medusa-payment-bnpl: cart ${cartId} changed after the consumer approved it; the payment session was deleted.`)
    return fail("cart_changed")
  }

  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
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
  return fail(returnFailureReason(error))
}

type Query = Omit<RemoteQueryFunction, symbol>

async function waitForOrder(query: Query, cartId: string, waitMs: number): Promise<string | undefined> {
  const deadline = Date.now() + waitMs
  for (;;) {
    const { data } = await query.graph({ entity: "cart", fields: ["id", "order.id"], filters: { id: cartId } })
    const orderId = (data[0] as { order?: { id: string } | null } | undefined)?.order?.id
    if (orderId || Date.now() >= deadline) return orderId
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}
