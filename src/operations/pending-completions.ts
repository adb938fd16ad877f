import { asPaymentData } from "../payments/session-data"
import { accountForPayment, getPluginRuntime, type AccountRuntime, type PluginRuntime } from "../runtime/accounts/plugin-runtime"
import { clearJobAttempts, jobBackoffMinutes, readJobAttempts, writeJobAttempts, type AuthAttempts } from "./auth-backoff"
import { completePayLaterCart, type CompletionFailure } from "./complete-cart"
import { completeExpressCheckout } from "./express/complete"
import type { ContainerLike } from "../runtime/infrastructure/shared-types"
import { recentPayLaterSessions } from "./recent-sessions"

export interface PendingCompletionReport {
  completed: Array<{ cartId: string; orderId: string }>
  /** Sessions tried whose consumer has not confirmed yet (or the service did not answer). */
  waiting: string[]
  /** Sessions given up: declined, cart changed, could not become an order. */
  givenUp: Array<{ sessionId: string; reason: CompletionFailure }>
  skipped: number
  /** Sessions due but left for the next run: AUTH_BUDGET_PER_RUN was spent. */
  deferred: number
  /** List Payments calls made this run (one per account with waiting sessions, at most). */
  listPaymentsCalls: number
}

/** Minutes between tries of one session: 1, 2, 4, 8, 16, 32. */
export const backoffMinutes = jobBackoffMinutes

/** At most this many Auths a run for sessions not shown approved: strangers can open checkouts. */
export const AUTH_BUDGET_PER_RUN = 5
/** Tokens asked about in the run's one List Payments (the URL stays short). */
export const LIST_PAYMENTS_TOKENS_PER_RUN = 100

const FINAL: ReadonlySet<CompletionFailure> = new Set([
  "declined",
  "expired",
  "cart_changed",
  "amount_changed",
  "invalid_return",
  "order_failed",
  "order_on_hold",
  "cancelled",
])

interface Candidate {
  sessionId: string
  cartId: string
  token: string
  expiresAt: number
  providerId: string
  data: Record<string, unknown>
  /** Authorised already (a completion stopped before the order): no Auth needed. */
  authorized: boolean
  attempts: AuthAttempts
}

/**
 * Completes carts whose consumer confirmed but never came back, as the return route does (same
 * Auth requestId): the service sends no notifications (docs/service-api.md "Events").
 */
export async function completePendingCarts(container: ContainerLike, now: Date = new Date()): Promise<PendingCompletionReport> {
  const runtime = getPluginRuntime(container)
  const report: PendingCompletionReport = { completed: [], waiting: [], givenUp: [], skipped: 0, deferred: 0, listPaymentsCalls: 0 }
  const candidates = await readCandidates(container, now, report)
  const waiting = candidates.filter((candidate) => !candidate.authorized)
  const paid = await tokensWithPayments(runtime, waiting, report)
  // Authorised or shown paid: no new approval possible, so no budget spent.
  const sure = candidates.filter((candidate) => candidate.authorized || paid.has(candidate.token))
  const due = dueForAuth(
    runtime,
    waiting.filter((candidate) => !paid.has(candidate.token)),
    now.getTime(),
    report,
  )
  report.deferred = Math.max(due.length - AUTH_BUDGET_PER_RUN, 0)

  for (const candidate of [...sure, ...due.slice(0, AUTH_BUDGET_PER_RUN)]) {
    try {
      await completeOne(container, candidate, now.getTime(), report)
    } catch (error) {
      // One cart must not stop the others.
      runtime.logger?.error?.(
        `medusa-payment-bnpl: completing cart ${candidate.cartId} in the background failed: ${(error as Error).message}`,
      )
    }
  }
  return report
}

async function readCandidates(container: ContainerLike, now: Date, report: PendingCompletionReport): Promise<Candidate[]> {
  const { cache } = getPluginRuntime(container)
  // `authorized` with an open cart: a completion stopped between authorising and placing the order.
  const data = await recentPayLaterSessions(
    container,
    now,
    ["pending", "requires_more", "authorized"],
    [
      "id",
      "provider_id",
      "status",
      "data",
      "created_at",
      "payment.canceled_at",
      "payment_collection.cart.id",
      "payment_collection.cart.completed_at",
    ],
  )
  const candidates: Candidate[] = []
  for (const session of data) {
    const sessionData = asPaymentData(session.data)
    const cart = session.payment_collection?.cart
    if (!cart?.id || cart.completed_at || !sessionData.token) continue
    // A session taken over an earlier approval waits for its shopper; an authorised one is
    // completed unless its authorisation was undone (the cart could not become an order).
    if (session.status === "authorized" ? !session.payment || session.payment.canceled_at : sessionData.orderId) continue
    const expiresAt = sessionData.expires ? Date.parse(sessionData.expires) : NaN
    if (!(expiresAt > now.getTime())) continue
    const attempts = await readJobAttempts(cache, session.id)
    if (attempts.done) {
      report.skipped++
      continue
    }
    candidates.push({
      sessionId: session.id,
      cartId: cart.id,
      token: sessionData.token,
      expiresAt,
      providerId: session.provider_id,
      data: session.data ?? {},
      authorized: session.status === "authorized",
      attempts,
    })
  }
  return candidates
}

function dueForAuth(runtime: PluginRuntime, unpaid: Candidate[], nowMs: number, report: PendingCompletionReport): Candidate[] {
  return unpaid
    .filter((candidate) => {
      if (accountForPayment(runtime, { provider_id: candidate.providerId, data: candidate.data })?.options.completeClosedTabs !== false)
        return true
      report.skipped++
      return false
    })
    .filter((candidate) => {
      if (candidate.attempts.nextAt <= nowMs) return true
      report.skipped++
      return false
    })
    .sort((a, b) => a.attempts.count - b.attempts.count || a.attempts.nextAt - b.attempts.nextAt)
}

async function completeOne(container: ContainerLike, candidate: Candidate, now: number, report: PendingCompletionReport): Promise<void> {
  const { cache, logger } = getPluginRuntime(container)
  // Still in the popup's hands: its consumer's choices go on the cart first.
  const complete = asPaymentData(candidate.data).express === "started" ? completeExpressCheckout : completePayLaterCart
  const outcome = await complete(container, { cartId: candidate.cartId, orderToken: candidate.token, caller: "job" })
  if (outcome.outcome === "completed") {
    report.completed.push({ cartId: candidate.cartId, orderId: outcome.orderId })
    logger?.info?.(`medusa-payment-bnpl: cart ${candidate.cartId} became order ${outcome.orderId} without the shopper's return.`)
    await clearJobAttempts(cache, candidate.sessionId)
    return
  }
  const count = candidate.attempts.count + 1
  const failure = outcome.outcome === "failed" ? outcome.reason : undefined
  const next: AuthAttempts = { count, nextAt: now + jobBackoffMinutes(count) * 60_000 }
  if (failure && FINAL.has(failure)) {
    next.done = failure
    report.givenUp.push({ sessionId: candidate.sessionId, reason: failure })
  } else {
    report.waiting.push(candidate.sessionId)
  }
  await writeJobAttempts(cache, candidate.sessionId, next, (candidate.expiresAt - now) / 1000)
}

/** Tokens among `waiting` that have a payment (docs/service-api.md "List Payments"); a failed call only delays. */
async function tokensWithPayments(runtime: PluginRuntime, waiting: Candidate[], report: PendingCompletionReport): Promise<Set<string>> {
  const found = new Set<string>()
  const byAccount = new Map<AccountRuntime, string[]>()
  // Newest first: the sessions most likely alive when there are more than one call holds.
  for (const candidate of [...waiting].sort((a, b) => b.expiresAt - a.expiresAt)) {
    const account = accountForPayment(runtime, { provider_id: candidate.providerId, data: candidate.data })
    if (!account) continue
    const tokens = byAccount.get(account) ?? []
    if (tokens.length < LIST_PAYMENTS_TOKENS_PER_RUN) tokens.push(candidate.token)
    byAccount.set(account, tokens)
  }
  for (const [account, tokens] of byAccount) {
    try {
      report.listPaymentsCalls++
      const page = await account.client.listPayments({ tokens, limit: Math.min(Math.max(tokens.length, 1), 250) })
      for (const payment of page.results) if (payment.token) found.add(payment.token)
    } catch (error) {
      runtime.logger?.warn?.(
        `medusa-payment-bnpl: List Payments for the waiting checkouts failed (${(error as Error).message}); waiting sessions are tried by their back-off only this run.`,
      )
    }
  }
  return found
}
