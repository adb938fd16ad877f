import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { asPaymentData } from "../payments/session-data"
import { getPluginRuntime } from "../runtime/plugin-runtime"
import { completePayLaterCart, type CompletionFailure } from "./complete-cart"

interface ContainerLike {
  resolve<T = any>(key: string, options?: { allowUnregistered?: boolean }): T
}

/** A session the job tried, kept in the shared cache until its checkout expires. */
interface Attempts {
  count: number
  /** Epoch ms before which the session is not tried again. */
  nextAt: number
  /** Set when trying again cannot help (declined, changed, used). */
  done?: CompletionFailure
}

export interface PendingCompletionReport {
  /** Carts that became orders in this run. */
  completed: Array<{ cartId: string; orderId: string }>
  /** Sessions tried whose consumer has not confirmed yet (or the service did not answer). */
  waiting: string[]
  /** Sessions given up: declined, cart changed, could not become an order. */
  givenUp: Array<{ sessionId: string; reason: CompletionFailure }>
  /** Sessions skipped this run (backing off). */
  skipped: number
}

/** Minutes between tries of one session: 1, 2, 4, 8, then every 10, until the checkout expires. */
export function backoffMinutes(attempts: number): number {
  return Math.min(2 ** Math.max(attempts - 1, 0), 10)
}

const FINAL: ReadonlySet<CompletionFailure> = new Set(["declined", "expired", "cart_changed", "amount_changed", "invalid_return", "order_failed", "cancelled"])
const key = (sessionId: string) => `medusa-payment-bnpl:pending-completion:${sessionId}`

/**
 * Completes the carts whose consumer confirmed on the service's screens but whose browser
 * never reached the return route (a closed tab, a lost connection), and those whose session a
 * completion authorised before its process stopped (no order yet): the service sends no
 * notifications (merchant-api-v2.md "Events"), so the store asks. For every pay-later session
 * whose checkout is still alive and whose cart has no order, it runs the same completion as the
 * return route (operations/complete-cart.ts), with the same Auth requestId (the session id),
 * so a return that comes later finds the order and nothing is authorised twice.
 *
 * Bounded: one Auth per pending session per run at most, backing off (backoffMinutes) while
 * the consumer has not confirmed, and never past the checkout's expiry; a declined or changed
 * cart is not tried again.
 */
export async function completePendingCarts(container: ContainerLike, now: Date = new Date()): Promise<PendingCompletionReport> {
  const { cache, logger } = getPluginRuntime(container)
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  // A checkout lives at most 60 minutes (merchant-api-v2.md "Limits"); a margin for clocks.
  const since = new Date(now.getTime() - 2 * 60 * 60 * 1000)
  const { data } = await query.graph({
    entity: "payment_session",
    fields: [
      "id",
      "provider_id",
      "status",
      "data",
      "created_at",
      "payment.canceled_at",
      "payment_collection.cart.id",
      "payment_collection.cart.completed_at",
    ],
    filters: {
      provider_id: { $like: "pp_bnpl_%" },
      // `authorized` with an open cart: a completion stopped between authorising and placing the order.
      status: ["pending", "requires_more", "authorized"],
      created_at: { $gte: since },
    } as never,
  })
  const report: PendingCompletionReport = { completed: [], waiting: [], givenUp: [], skipped: 0 }
  for (const session of data as Array<Record<string, any>>) {
    const sessionData = asPaymentData(session.data)
    const cart = session.payment_collection?.cart
    if (!cart?.id || cart.completed_at || !sessionData.token) continue
    // A session taken over an earlier approval waits for its shopper; an authorised one is
    // completed unless its authorisation was undone (the cart could not become an order).
    if (session.status === "authorized" ? !session.payment || session.payment.canceled_at : sessionData.orderId) continue
    const expiresAt = sessionData.expires ? Date.parse(sessionData.expires) : NaN
    if (!(expiresAt > now.getTime())) continue
    const attempts = ((await cache?.get<Attempts>(key(session.id)).catch(() => undefined)) as Attempts | null) ?? { count: 0, nextAt: 0 }
    if (attempts.done || attempts.nextAt > now.getTime()) {
      report.skipped++
      continue
    }
    try {
      const outcome = await completePayLaterCart(container, { cartId: cart.id, orderToken: sessionData.token })
      if (outcome.outcome === "completed") {
        report.completed.push({ cartId: cart.id, orderId: outcome.orderId })
        logger?.info?.(`medusa-payment-bnpl: cart ${cart.id} became order ${outcome.orderId} without the shopper's return.`)
        await cache?.invalidate?.(key(session.id)).catch(() => undefined)
        continue
      }
      const count = attempts.count + 1
      const failure = outcome.outcome === "failed" ? outcome.reason : undefined
      const next: Attempts = { count, nextAt: now.getTime() + backoffMinutes(count) * 60_000 }
      if (failure && FINAL.has(failure)) {
        next.done = failure
        report.givenUp.push({ sessionId: session.id, reason: failure })
      } else {
        report.waiting.push(session.id)
      }
      const ttl = Math.max(Math.ceil((expiresAt - now.getTime()) / 1000), 60)
      await cache?.set(key(session.id), next, ttl).catch(() => undefined)
    } catch (error) {
      // One cart must not stop the others.
      logger?.error?.(`medusa-payment-bnpl: completing cart ${cart.id} in the background failed: ${(error as Error).message}`)
    }
  }
  return report
}
