import { asPaymentData } from "../payments/session-data"
import { accountForPayment, getPluginRuntime } from "../runtime/accounts/plugin-runtime"
import type { ContainerLike } from "../runtime/infrastructure/shared-types"
import { clearJobAttempts, jobBackoffMinutes, readJobAttempts, writeJobAttempts, type AuthAttempts } from "./auth-backoff"
import type { CompletionFailure } from "./completion-failure"
import { completeOrderCollection } from "./complete-order-collection"
import { AUTH_BUDGET_PER_RUN } from "./pending-completions"
import { recentPayLaterSessions } from "./recent-sessions"

export interface PendingCollectionReport {
  completed: Array<{ paymentCollectionId: string; orderId: string }>
  /** Sessions tried whose consumer has not confirmed yet. */
  waiting: string[]
  /** Sessions given up: declined, expired, amount changed. */
  givenUp: Array<{ sessionId: string; reason: CompletionFailure }>
  /** Sessions backing off, over this run's budget, or of an account with `completeClosedTabs: false`. */
  skipped: number
}

// `payment_failed` is not final: the service may have been away, and the back-off tries again.
const FINAL: ReadonlySet<CompletionFailure> = new Set(["declined", "expired", "amount_changed", "invalid_return", "cancelled"])

/** Closed tabs of order payment collections, completed as the return route does within the carts' back-offs and budget. */
export async function completePendingOrderCollections(container: ContainerLike, now: Date = new Date()): Promise<PendingCollectionReport> {
  const runtime = getPluginRuntime(container)
  const { cache, logger } = runtime
  const data = await recentPayLaterSessions(
    container,
    now,
    ["pending_authorization"],
    ["id", "provider_id", "data", "payment_collection_id"],
  )
  const report: PendingCollectionReport = { completed: [], waiting: [], givenUp: [], skipped: 0 }
  let budget = AUTH_BUDGET_PER_RUN
  for (const session of data) {
    const sessionData = asPaymentData(session.data)
    const collectionId = sessionData.orderCollection?.paymentCollectionId
    const expiresAt = sessionData.expires ? Date.parse(sessionData.expires) : NaN
    if (!collectionId || collectionId !== session.payment_collection_id || !sessionData.token || !(expiresAt > now.getTime())) continue
    const attempts = await readJobAttempts(cache, session.id)
    const account = accountForPayment(runtime, { provider_id: session.provider_id, data: session.data })
    if (attempts.done || attempts.nextAt > now.getTime() || budget <= 0 || account?.options.completeClosedTabs === false) {
      report.skipped++
      continue
    }
    budget--
    try {
      const outcome = await completeOrderCollection(container, {
        paymentCollectionId: collectionId,
        orderToken: sessionData.token,
        caller: "job",
      })
      if (outcome.outcome === "completed") {
        report.completed.push({ paymentCollectionId: collectionId, orderId: outcome.orderId })
        logger?.info?.(
          `medusa-payment-bnpl: payment collection ${collectionId} of order ${outcome.orderId} was paid without the shopper's return.`,
        )
        await clearJobAttempts(cache, session.id)
        continue
      }
      const failure = outcome.outcome === "failed" ? outcome.reason : undefined
      const next: AuthAttempts = { count: attempts.count + 1, nextAt: now.getTime() + jobBackoffMinutes(attempts.count + 1) * 60_000 }
      if (failure && FINAL.has(failure)) {
        next.done = failure
        report.givenUp.push({ sessionId: session.id, reason: failure })
      } else report.waiting.push(session.id)
      await writeJobAttempts(cache, session.id, next, (expiresAt - now.getTime()) / 1000)
    } catch (error) {
      logger?.error?.(
        `medusa-payment-bnpl: completing payment collection ${collectionId} in the background failed: ${(error as Error).message}`,
      )
    }
  }
  return report
}
