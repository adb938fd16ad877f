import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { completeCartWorkflowId } from "@medusajs/medusa/core-flows"
import { getPluginRuntime } from "../runtime/plugin-runtime"
import { checkApprovedCart } from "./approved-cart"
import { failureReason, type CompletionFailure } from "./completion-failure"
import { recordCompletionFailure } from "./completion-record"
import { repairOrderPayment } from "./repair-unpaid-orders"

interface ContainerLike {
  resolve<T = any>(key: string, options?: { allowUnregistered?: boolean }): T
}

export { failureReason, type CompletionFailure } from "./completion-failure"

export type CompletionOutcome =
  | { outcome: "completed"; orderId: string }
  /**
   * Still running when the deadline came (it goes on, and the status route reports the end),
   * or the order exists without its payment yet (repair-unpaid-orders.ts tries again).
   */
  | { outcome: "processing" }
  | { outcome: "failed"; reason: CompletionFailure; message?: string }

/** How long a completion waits for the cart's lock that another completion holds. */
const CART_LOCK_WAIT_SECONDS = 30

/**
 * Turns a cart paid later into an order, whoever asks: the return route (the shopper's
 * browser), the background completion job (a shopper who closed the tab), the admin.
 *
 * 1. The cart must be the one the consumer approved (approved-cart.ts), and, with
 *    `orderToken`, that token must be one of its sessions.
 * 2. The session is authorised first, through Medusa's payment module, under the cart's lock
 *    (the key complete-cart's own lock step takes, so no other completion authorises at the
 *    same time). Auth's requestId is the session id whoever calls, so a second caller replays
 *    the first approval; one Auth per cart.
 * 3. Medusa's complete-cart workflow places the order; it finds the session authorised and
 *    sends no second Auth.
 * 4. If the cart cannot become an order (an item out of stock, a promotion ended, any Medusa
 *    error), the authorisation is voided at once through the payment module (automatic
 *    reversal), not left for the 13-day expiry: `order_failed`.
 * 5. An order is `completed` only with its payment: one that Medusa's own complete-cart placed
 *    and never authorised (a crash mid-Auth) is authorised here with the same requestId
 *    (repair-unpaid-orders.ts); until it is, the answer is `processing`.
 *
 * With `deadlineMs`, answers `processing` when the work outlasts it; the work goes on.
 * Failures are recorded for the status route (completion-record.ts).
 */
export async function completePayLaterCart(
  scope: ContainerLike,
  input: { cartId: string; orderToken?: string; deadlineMs?: number; checkOnly?: boolean }
): Promise<CompletionOutcome> {
  const work = completeNow(scope, input)
    .then((outcome) => (outcome.outcome === "completed" ? withPayment(scope, input.cartId, outcome.orderId) : outcome))
    .then(async (outcome) => {
      // Not confirmed yet is not an end: the status route keeps saying `processing`.
      if (outcome.outcome === "failed" && !["invalid_return", "cancelled", "not_confirmed"].includes(outcome.reason)) {
        await recordCompletionFailure(scope, input.cartId, outcome.reason)
      }
      return outcome
    })
  if (!input.deadlineMs) return work
  let timer: NodeJS.Timeout | undefined
  const deadline = new Promise<CompletionOutcome>((resolve) => {
    timer = setTimeout(() => resolve({ outcome: "processing" }), input.deadlineMs)
  })
  // The work is not abandoned at the deadline: a failure after it must still be logged.
  work.catch((error: Error) =>
    getPluginRuntime(scope).logger?.error?.(`medusa-payment-bnpl: completing cart ${input.cartId} failed: ${error.message}`)
  )
  try {
    return await Promise.race([work, deadline])
  } finally {
    clearTimeout(timer)
  }
}

async function completeNow(
  scope: ContainerLike,
  input: { cartId: string; orderToken?: string; checkOnly?: boolean }
): Promise<CompletionOutcome> {
  const { cartId } = input
  const { logger } = getPluginRuntime(scope)
  const check = await checkApprovedCart(scope, cartId, input.orderToken)
  if (check.outcome === "no_session") return { outcome: "failed", reason: "invalid_return" }
  if (check.outcome === "completed" && check.orderId) return { outcome: "completed", orderId: check.orderId }
  // The consumer cancelled on the service's screens: nothing to complete.
  if (input.checkOnly) return { outcome: "failed", reason: "cancelled" }
  if (check.outcome === "changed") {
    logger?.info?.(`medusa-payment-bnpl: cart ${cartId} changed after the consumer approved it; the payment session was deleted.`)
    return { outcome: "failed", reason: "cart_changed" }
  }
  const sessionId = check.outcome === "unchanged" ? check.sessionId : undefined

  const paymentModule = scope.resolve(Modules.PAYMENT)
  if (sessionId) {
    let locked = false
    try {
      await scope.resolve(Modules.LOCKING).execute(
        cartId,
        async () => {
          locked = true
          const session = await paymentModule.retrievePaymentSession(sessionId, { select: ["id", "authorized_at"] })
          if (!session.authorized_at) await paymentModule.authorizePaymentSession(sessionId, {})
        },
        { timeout: CART_LOCK_WAIT_SECONDS }
      )
    } catch (error) {
      const order = await orderOf(scope, cartId)
      if (order) return { outcome: "completed", orderId: order }
      // The lock is held: another completion is authorising, or a stopped process's lock has
      // not expired yet. Not a failure of the payment: the background job tries again.
      if (!locked) return { outcome: "processing" }
      const reason = failureReason(error)
      logger?.info?.(`medusa-payment-bnpl: cart ${cartId} was not authorised: ${(error as Error).message}`)
      return { outcome: "failed", reason, message: (error as Error).message }
    }
  }

  const { errors, result, transaction } = await scope.resolve(Modules.WORKFLOW_ENGINE).run(completeCartWorkflowId, {
    input: { id: cartId },
    throwOnError: false,
  })
  const orderId = (transaction.hasFinished() && !errors?.length && (result as { id?: string })?.id) || (await orderOf(scope, cartId))
  if (orderId) return { outcome: "completed", orderId }

  const error = errors?.[0]?.error as { message?: string; code?: unknown; type?: unknown } | undefined
  logger?.warn?.(`medusa-payment-bnpl: cart ${cartId} could not become an order: ${error?.message ?? "unknown error"}`)
  if (sessionId) await reverseAuthorization(scope, sessionId, cartId)
  return { outcome: "failed", reason: "order_failed", message: error?.message }
}

/**
 * An order counts as completed for the shopper only once it has its payment. Medusa's own
 * complete-cart (the store's cart complete) creates the order before it authorises; a process
 * stopped in between leaves the order unpaid, and this completion repairs it
 * (repair-unpaid-orders.ts: the same Auth requestId, so a replay). Still unpaid, the cart is
 * `processing` (the background completion job tries again each run); refused for good by the
 * service, it `failed` with the reason.
 */
async function withPayment(scope: ContainerLike, cartId: string, orderId: string): Promise<CompletionOutcome> {
  const repair = await repairOrderPayment(scope, cartId, { lockWaitSeconds: CART_LOCK_WAIT_SECONDS })
  if (repair.outcome === "paid" || repair.outcome === "no_order") return { outcome: "completed", orderId }
  if (repair.outcome === "failed" && !["not_confirmed", "payment_failed"].includes(repair.reason)) {
    return { outcome: "failed", reason: repair.reason, message: repair.message }
  }
  return { outcome: "processing" }
}

/** Voids the session's authorisation when its cart could not become an order. */
async function reverseAuthorization(scope: ContainerLike, sessionId: string, cartId: string): Promise<void> {
  const { logger } = getPluginRuntime(scope)
  const query = scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "payment_session",
    fields: ["id", "payment.id", "payment.captured_at", "payment.canceled_at"],
    filters: { id: sessionId },
  })
  const payment = (data[0] as { payment?: { id: string; captured_at?: unknown; canceled_at?: unknown } | null } | undefined)?.payment
  if (!payment || payment.captured_at || payment.canceled_at) return
  if (await orderOf(scope, cartId)) return
  try {
    await scope.resolve(Modules.PAYMENT).cancelPayment(payment.id)
    logger?.warn?.(`medusa-payment-bnpl: the authorisation of cart ${cartId} (payment ${payment.id}) was voided: the cart could not become an order.`)
  } catch (error) {
    logger?.error?.(
      `medusa-payment-bnpl: the authorisation of cart ${cartId} (payment ${payment.id}) could not be voided after the cart failed to become an order: ${(error as Error).message}; the hourly job and reconciliation report it.`
    )
  }
}

async function orderOf(scope: ContainerLike, cartId: string): Promise<string | undefined> {
  const query = scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "cart", fields: ["id", "order.id"], filters: { id: cartId } })
  return (data[0] as { order?: { id: string } | null } | undefined)?.order?.id
}
