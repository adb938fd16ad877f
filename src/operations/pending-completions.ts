import { asPaymentData } from "../payments/session-data"
import { accountForPayment, getPluginRuntime, type AccountRuntime, type PluginRuntime } from "../runtime/accounts/plugin-runtime"
import { clearJobAttempts, jobBackoffMinutes, readJobAttempts, writeJobAttempts, type AuthAttempts } from "./auth-backoff"
import { completePayLaterCart, type CompletionFailure } from "./complete-cart"
import { completeExpressCheckout } from "./express/complete"
import type { ContainerLike } from "../runtime/infrastructure/shared-types"
import { recentPayLaterSessions } from "./recent-sessions"


export interface PendingCompletionReport {
  /** Carts that became orders in this run. */
  completed: Array<{ cartId: string; orderId: string }>
  /** Sessions tried whose consumer has not confirmed yet (or the service did not answer). */
  waiting: string[]
  /** Sessions given up: declined, cart changed, could not become an order. */
  givenUp: Array<{ sessionId: string; reason: CompletionFailure }>
  /** Sessions skipped this run (backing off). */
  skipped: number
  /** Sessions due but left for the next run: this run's Auth budget (AUTH_BUDGET_PER_RUN) was spent. */
  deferred: number
  /** List Payments calls made this run (one per account with waiting sessions, at most). */
  listPaymentsCalls: number
}

/** Minutes between tries of one session: 1, 2, 4, 8, 16, 32 (auth-backoff.ts). */
export const backoffMinutes = jobBackoffMinutes

/**
 * Auths a run sends at most for sessions the service has not shown approved: strangers can
 * open checkouts, and the job must not turn each into an Auth a minute. Sessions never tried
 * go first (a consumer who closed the tab right after confirming), then the longest overdue.
 */
export const AUTH_BUDGET_PER_RUN = 5
/** Tokens asked about in the run's one List Payments, newest sessions first (the URL stays short). */
export const LIST_PAYMENTS_TOKENS_PER_RUN = 100

const FINAL: ReadonlySet<CompletionFailure> = new Set(["declined", "expired", "cart_changed", "amount_changed", "invalid_return", "order_failed", "order_on_hold", "cancelled"])

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
 * Completes the carts whose consumer confirmed on the service's screens but whose browser
 * never reached the return route (a closed tab, a lost connection), and those whose session a
 * completion authorised before its process stopped (no order yet): the service sends no
 * notifications (docs/service-api.md "Events"), so the store asks. For each such cart it runs
 * the same completion as the return route (operations/complete-cart.ts), with the same Auth
 * requestId (the session id), so a return that comes later finds the order and nothing is
 * authorised twice.
 *
 * Bounded, since anyone can open checkouts (docs/operations.md, "Back-offs of Auth"):
 * - one List Payments per account per run (`tokens` = the waiting sessions' checkout tokens,
 *   docs/service-api.md "List Payments") finds the checkouts that already have a payment (an
 *   approval whose Auth answer was lost, or made by another instance); those are completed at
 *   once, whatever their back-off (their Auth is a replay). The service shows a checkout as
 *   confirmed only by answering Auth (412 before), so this cannot spare the Auth of a
 *   checkout still waiting;
 * - every other waiting session gets an Auth only once its back-off has passed (1, 2, 4, 8,
 *   16, 32 minutes: at most 6 over a checkout's 60 minutes), and at most AUTH_BUDGET_PER_RUN
 *   such Auths per run; never past the checkout's expiry; a declined or changed cart is not
 *   tried again;
 * - an account with `completeClosedTabs: false` gets no such Auth: only its checkouts List
 *   Payments shows paid are completed;
 * - an express checkout still `started` (operations/express) is asked about with Get Checkout
 *   instead of an Auth: once its consumer confirmed in the popup, their choices go on the cart
 *   and it is completed as the express complete route does (express/complete.ts), within the
 *   same back-offs and budget.
 */
export async function completePendingCarts(container: ContainerLike, now: Date = new Date()): Promise<PendingCompletionReport> {
  const runtime = getPluginRuntime(container)
  const report: PendingCompletionReport = { completed: [], waiting: [], givenUp: [], skipped: 0, deferred: 0, listPaymentsCalls: 0 }
  const candidates = await readCandidates(container, now, report)
  const waiting = candidates.filter((candidate) => !candidate.authorized)
  const paid = await tokensWithPayments(runtime, waiting, report)
  // Authorised or shown paid: completed now, no new approval possible. Then the due ones, within the budget.
  const sure = candidates.filter((candidate) => candidate.authorized || paid.has(candidate.token))
  const due = dueForAuth(runtime, waiting.filter((candidate) => !paid.has(candidate.token)), now.getTime(), report)
  report.deferred = Math.max(due.length - AUTH_BUDGET_PER_RUN, 0)

  for (const candidate of [...sure, ...due.slice(0, AUTH_BUDGET_PER_RUN)]) {
    try {
      await completeOne(container, candidate, now.getTime(), report)
    } catch (error) {
      // One cart must not stop the others.
      runtime.logger?.error?.(`medusa-payment-bnpl: completing cart ${candidate.cartId} in the background failed: ${(error as Error).message}`)
    }
  }
  return report
}

/**
 * The recent pay later sessions whose cart is open and whose checkout has not expired: waiting
 * for their consumer, or authorised by a completion that stopped before the order. Sessions
 * given up earlier are counted as skipped.
 */
async function readCandidates(container: ContainerLike, now: Date, report: PendingCompletionReport): Promise<Candidate[]> {
  const { cache } = getPluginRuntime(container)
  // `authorized` with an open cart: a completion stopped between authorising and placing the order.
  const data = await recentPayLaterSessions(container, now, ["pending", "requires_more", "authorized"], [
    "id",
    "provider_id",
    "status",
    "data",
    "created_at",
    "payment.canceled_at",
    "payment_collection.cart.id",
    "payment_collection.cart.completed_at",
  ])
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

/**
 * The waiting sessions due an Auth this run, sessions never tried first, then the longest
 * overdue: their account completes closed tabs and their back-off has passed (the others are
 * counted as skipped).
 */
function dueForAuth(runtime: PluginRuntime, unpaid: Candidate[], nowMs: number, report: PendingCompletionReport): Candidate[] {
  return unpaid
    .filter((candidate) => {
      if (accountForPayment(runtime, { provider_id: candidate.providerId, data: candidate.data })?.options.completeClosedTabs !== false) return true
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
  // An express checkout still in the popup's hands: its consumer's choices go on the cart first
  // (a popup closed after confirming), exactly as the express complete route does.
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

/**
 * The checkout tokens among `waiting` that already have a payment at the service: one List
 * Payments per account (docs/service-api.md "List Payments", `tokens` repeated). A failed call
 * only means no session is completed early this run: the back-offs still apply.
 */
async function tokensWithPayments(runtime: PluginRuntime, waiting: Candidate[], report: PendingCompletionReport): Promise<Set<string>> {
  const found = new Set<string>()
  const byAccount = new Map<AccountRuntime, string[]>()
  // Newest first: the sessions most likely to be alive when there are more than one call asks about.
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
        `medusa-payment-bnpl: List Payments for the waiting checkouts failed (${(error as Error).message}); waiting sessions are tried by their back-off only this run.`
      )
    }
  }
  return found
}
