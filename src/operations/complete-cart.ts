import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { completeCartWorkflowId, deletePaymentSessionsWorkflow } from "@medusajs/medusa/core-flows"
import { countCompletion } from "../client/telemetry"
import { getPluginRuntime } from "../runtime/accounts/plugin-runtime"
import { compareWithApproval } from "./approved-cart"
import { makeJobAttemptDue, readReturnBackoff, recordReturnUnconfirmed } from "./auth-backoff"
import { failureReason, type CompletionFailure } from "./completion-failure"
import { recordCompletionFailure } from "./completion-record"
import { finishesCheckout, markCheckoutFinished } from "./finished-checkout"
import { holdApproval } from "./held-orders"
import { openHoldOfCart, updateHeldOrder } from "../runtime/records/held-orders"
import { repairOrderPayment } from "./repair-unpaid-orders"
import type { ContainerLike } from "../runtime/infrastructure/shared-types"

export { failureReason, type CompletionFailure } from "./completion-failure"

export type CompletionOutcome =
  | { outcome: "completed"; orderId: string }
  /** Still running at the deadline (the work goes on), or the order is not paid yet. */
  | { outcome: "processing" }
  | { outcome: "failed"; reason: CompletionFailure; message?: string }

export interface CompletionInput {
  cartId: string
  /** With it, only the session holding this checkout token is completed (the return route). */
  orderToken?: string
  /** Answer `processing` past this many ms; the work goes on. */
  deadlineMs?: number
  /** Prove the token and answer, complete nothing (a cancelled return). */
  checkOnly?: boolean
  /** `return` is public, so it backs off after "not confirmed"; only `admin` places a held approval. */
  caller?: "return" | "job" | "admin" | "express"
}

const CART_LOCK_WAIT_SECONDS = 30

/**
 * Turns a pay-later cart into an order; `processing` past `deadlineMs` (the work goes on). A cart
 * that cannot become an order has its authorisation held or voided at once.
 */
export async function completePayLaterCart(scope: ContainerLike, input: CompletionInput): Promise<CompletionOutcome> {
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
    getPluginRuntime(scope).logger?.error?.(`medusa-payment-bnpl: completing cart ${input.cartId} failed: ${error.message}`),
  )
  try {
    return await Promise.race([work, deadline])
  } finally {
    clearTimeout(timer)
  }
}

async function completeNow(scope: ContainerLike, input: CompletionInput): Promise<CompletionOutcome> {
  const { cartId } = input
  // Read-only and without the lock: proves the token, and answers a completed cart at once.
  const seen = await compareWithApproval(scope, cartId, input.orderToken)
  if (seen.outcome === "no_session") return { outcome: "failed", reason: "invalid_return" }
  if (seen.outcome === "completed" && seen.orderId) return { outcome: "completed", orderId: seen.orderId }
  // A held approval waits for the merchant: the shopper's replays and the job do not place it.
  const held = await openHoldOfCart(cartId)
  if (held && input.caller !== "admin") return { outcome: "failed", reason: "order_on_hold" }
  // Cancelled on the service's screens: the next "pay later" gets a new checkout.
  if (input.checkOnly) {
    if ("sessionId" in seen) await markCheckoutFinished(scope, seen.sessionId, "cancelled")
    return { outcome: "failed", reason: "cancelled" }
  }
  const authorisation = await authoriseUnderCartLock(scope, input)
  if ("answer" in authorisation) {
    if (authorisation.cartChanged) {
      // A held cart changed before the admin placed it: its approval went with the session.
      if (held) await updateHeldOrder(held.id, { outcome: "voided", settledAt: new Date().toISOString() })
      getPluginRuntime(scope).logger?.info?.(
        `medusa-payment-bnpl: cart ${cartId} changed after the consumer approved it; the payment session was deleted.`,
      )
    }
    return authorisation.answer
  }
  const placed = await placeAuthorisedOrder(scope, cartId, authorisation, held)
  if (placed.outcome === "completed" && input.caller) countCompletion(input.caller)
  return placed
}

type Authorisation = { answer: CompletionOutcome; cartChanged?: true } | { sessionId?: string; authorisedHere: boolean }

/** Under the cart's lock: no two completions authorise at once. A lock not had is `processing`, not a failure. */
async function authoriseUnderCartLock(scope: ContainerLike, input: CompletionInput): Promise<Authorisation> {
  const progress: AuthorisationProgress = { locked: false }
  try {
    return await scope.resolve(Modules.LOCKING).execute(
      input.cartId,
      async () => {
        progress.locked = true
        return authoriseLocked(scope, input, progress)
      },
      { timeout: CART_LOCK_WAIT_SECONDS },
    )
  } catch (error) {
    const order = await orderOf(scope, input.cartId)
    if (order) return { answer: { outcome: "completed", orderId: order } }
    if (!progress.locked) return { answer: { outcome: "processing" } }
    const reason = failureReason(error)
    getPluginRuntime(scope).logger?.info?.(`medusa-payment-bnpl: cart ${input.cartId} was not authorised: ${(error as Error).message}`)
    if (progress.sessionId && finishesCheckout(reason)) await markCheckoutFinished(scope, progress.sessionId, reason)
    return { answer: { outcome: "failed", reason, message: (error as Error).message } }
  }
}

interface AuthorisationProgress {
  locked: boolean
  sessionId?: string
}

async function authoriseLocked(scope: ContainerLike, input: CompletionInput, progress: AuthorisationProgress): Promise<Authorisation> {
  const { cartId } = input
  const check = await compareWithApproval(scope, cartId, input.orderToken)
  if (check.outcome === "no_session") return { answer: { outcome: "failed", reason: "invalid_return" } }
  if (check.outcome === "completed")
    return check.orderId ? { answer: { outcome: "completed", orderId: check.orderId } } : { authorisedHere: false }
  if (check.outcome === "changed") {
    await dropChangedSession(scope, cartId, check.sessionId)
    return { answer: { outcome: "failed", reason: "cart_changed" }, cartChanged: true }
  }
  const sessionId = check.sessionId
  progress.sessionId = sessionId
  const { cache } = getPluginRuntime(scope)
  const paymentModule = scope.resolve(Modules.PAYMENT)
  const session = await paymentModule.retrievePaymentSession(sessionId, { select: ["id", "authorized_at"] })
  // Only the completion that authorised may void on failure: another one, finding the session
  // already authorised, may fail only because the first is still placing the order.
  if (session.authorized_at) return { sessionId, authorisedHere: false }
  if (input.caller === "return" && (await readReturnBackoff(cache, sessionId)).nextAt > Date.now()) {
    // Not confirmed a moment ago: no Auth for a replayed return; the job tries within a minute.
    await makeJobAttemptDue(cache, sessionId)
    return { answer: { outcome: "processing" } }
  }
  try {
    await paymentModule.authorizePaymentSession(sessionId, {})
  } catch (error) {
    if (input.caller === "return" && failureReason(error) === "not_confirmed") await recordReturnUnconfirmed(cache, sessionId, Date.now())
    throw error
  }
  return { sessionId, authorisedHere: true }
}

async function placeAuthorisedOrder(
  scope: ContainerLike,
  cartId: string,
  { sessionId, authorisedHere }: { sessionId?: string; authorisedHere: boolean },
  held: Awaited<ReturnType<typeof openHoldOfCart>>,
): Promise<CompletionOutcome> {
  const { logger } = getPluginRuntime(scope)
  const { orderId, error } = await placeOrder(scope, cartId)
  if (orderId) return { outcome: "completed", orderId }

  if (error?.code === "cart_changed") {
    // Changed between this Auth and the workflow's lock: its validate hook refused the cart.
    logger?.info?.(`medusa-payment-bnpl: cart ${cartId} changed while it was being completed; its authorisation is voided.`)
    if (sessionId) await dropChangedSession(scope, cartId, sessionId)
    if (held) await updateHeldOrder(held.id, { outcome: "voided", settledAt: new Date().toISOString() })
    return { outcome: "failed", reason: "cart_changed" }
  }
  // The admin's "Place the order" failed again: the approval stays held, the admin reads why.
  if (held) return { outcome: "failed", reason: "order_on_hold", message: error?.message }
  if (!authorisedHere) return { outcome: "processing" }
  logger?.warn?.(`medusa-payment-bnpl: cart ${cartId} could not become an order: ${error?.message ?? "unknown error"}`)
  // Held or voided, never neither: a hold that cannot be recorded is voided instead.
  const kept = sessionId
    ? await holdApproval(scope, { cartId, sessionId, failure: error?.message ?? "unknown error" }).catch(() => undefined)
    : undefined
  if (kept) return { outcome: "failed", reason: "order_on_hold", message: error?.message }
  if (sessionId) await reverseAuthorization(scope, sessionId, cartId)
  return { outcome: "failed", reason: "order_failed", message: error?.message }
}

/** Never throws: Medusa's workflow engine can throw even with `throwOnError: false`, leaving the approval unsettled. */
async function placeOrder(
  scope: ContainerLike,
  cartId: string,
): Promise<{ orderId?: string; error?: { message?: string; code?: unknown; type?: unknown } }> {
  let error: { message?: string; code?: unknown } | undefined
  try {
    const { errors, result, transaction } = await scope.resolve(Modules.WORKFLOW_ENGINE).run(completeCartWorkflowId, {
      input: { id: cartId },
      throwOnError: false,
    })
    const placed = transaction.hasFinished() && !errors?.length && (result as { id?: string })?.id
    if (placed) return { orderId: placed }
    error = errors?.[0]?.error as typeof error
  } catch (thrown) {
    error = { message: (thrown as Error)?.message ?? String(thrown) }
  }
  // The workflow may have placed the order before it failed or threw.
  const orderId = await orderOf(scope, cartId)
  return orderId ? { orderId } : { error: error ?? { message: "unknown error" } }
}

/** Voided before it is deleted, so neither a later return nor the job places the changed cart. */
async function dropChangedSession(scope: ContainerLike, cartId: string, sessionId: string): Promise<void> {
  await reverseAuthorization(scope, sessionId, cartId)
  try {
    await deletePaymentSessionsWorkflow(scope as any).run({ input: { ids: [sessionId] } })
  } catch (error) {
    getPluginRuntime(scope).logger?.warn?.(
      `medusa-payment-bnpl: the payment session ${sessionId} of changed cart ${cartId} could not be deleted: ${(error as Error).message}`,
    )
  }
}

/** Medusa's own complete-cart creates the order before it authorises; a crash in between leaves it unpaid. */
async function withPayment(scope: ContainerLike, cartId: string, orderId: string): Promise<CompletionOutcome> {
  const repair = await repairOrderPayment(scope, cartId, { lockWaitSeconds: CART_LOCK_WAIT_SECONDS })
  if (repair.outcome === "paid" || repair.outcome === "no_order") return { outcome: "completed", orderId }
  if (repair.outcome === "failed" && !["not_confirmed", "payment_failed"].includes(repair.reason)) {
    return { outcome: "failed", reason: repair.reason, message: repair.message }
  }
  return { outcome: "processing" }
}

async function reverseAuthorization(scope: ContainerLike, sessionId: string, cartId: string): Promise<void> {
  const { logger } = getPluginRuntime(scope)
  let paymentId: string | undefined
  try {
    const query = scope.resolve(ContainerRegistrationKeys.QUERY)
    const { data } = await query.graph({
      entity: "payment_session",
      fields: ["id", "payment.id", "payment.captured_at", "payment.canceled_at"],
      filters: { id: sessionId },
    })
    const payment = (data[0] as { payment?: { id: string; captured_at?: unknown; canceled_at?: unknown } | null } | undefined)?.payment
    if (!payment || payment.captured_at || payment.canceled_at) return
    if (await orderOf(scope, cartId)) return
    paymentId = payment.id
    await scope.resolve(Modules.PAYMENT).cancelPayment(payment.id)
    logger?.warn?.(
      `medusa-payment-bnpl: the authorisation of cart ${cartId} (payment ${payment.id}) was voided: the cart could not become an order.`,
    )
  } catch (error) {
    // The database or the service is away: the approval is left for the jobs, never lost.
    logger?.error?.(
      `medusa-payment-bnpl: the authorisation of cart ${cartId} (payment ${paymentId ?? "not read"}) could not be voided after the cart failed to become an order: ${(error as Error).message}; the hourly job and reconciliation report it.`,
    )
  }
}

async function orderOf(scope: ContainerLike, cartId: string): Promise<string | undefined> {
  const query = scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "cart", fields: ["id", "order.id"], filters: { id: cartId } })
  return (data[0] as { order?: { id: string } | null } | undefined)?.order?.id
}
