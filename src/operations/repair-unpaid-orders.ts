import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { getPluginRuntime } from "../runtime/accounts/plugin-runtime"
import { failureReason, type CompletionFailure } from "./completion-failure"
import { CART_PAYMENT_FIELDS, orderPaymentState, type CartPaymentRecord, type UnpaidOrder } from "./order-payment-state"
import type { ContainerLike } from "../runtime/infrastructure/shared-types"
import { cacheKeys } from "../cache-keys"
import { PROVIDER_ID_PREFIX } from "../vocabulary"

export type RepairOutcome =
  | { outcome: "no_order" }
  /** The order has its payment (repaired now when `paymentId` is set). */
  | { outcome: "paid"; orderId: string; paymentId?: string }
  /** The cart's lock is held: a completion is authorising it now. */
  | { outcome: "busy"; orderId?: string }
  /** Medusa could not authorise the session; `not_confirmed` and `payment_failed` may pass. */
  | { outcome: "failed"; orderId: string; reason: CompletionFailure; message?: string }

/**
 * Gives an order its payment when Medusa's complete-cart was killed with Auth in flight. Medusa's
 * idempotency key is the session id, so the service replays its approval (docs/service-api.md "Auth").
 */
export async function repairOrderPayment(
  scope: ContainerLike,
  cartId: string,
  { lockWaitSeconds }: { lockWaitSeconds: number },
): Promise<RepairOutcome> {
  const before = orderPaymentState(await readCart(scope, cartId))
  if (before.state === "no_order") return { outcome: "no_order" }
  if (before.state === "paid") return { outcome: "paid", orderId: before.orderId }
  const { orderId } = before.unpaid

  let entered = false
  try {
    return await scope.resolve(Modules.LOCKING).execute(
      cartId,
      async () => {
        entered = true
        // The completion that held the lock may have paid (or undone) the order.
        const now = orderPaymentState(await readCart(scope, cartId))
        if (now.state !== "unpaid") return now.state === "paid" ? { outcome: "paid", orderId: now.orderId } : { outcome: "no_order" }
        const paymentId = await authorizeForOrder(scope, now.unpaid)
        return { outcome: "paid", orderId, paymentId } satisfies RepairOutcome
      },
      { timeout: lockWaitSeconds },
    )
  } catch (error) {
    if (!entered) return { outcome: "busy", orderId }
    return { outcome: "failed", orderId, reason: failureReason(error), message: (error as Error).message }
  }
}

async function authorizeForOrder(scope: ContainerLike, unpaid: UnpaidOrder): Promise<string> {
  const paymentModule = scope.resolve(Modules.PAYMENT)
  const authorized = await paymentModule.authorizePaymentSession(unpaid.sessionId, {})
  if (!authorized?.id) throw new Error(`Session ${unpaid.sessionId} was not authorized with the provider (no payment).`)
  const payment = await paymentModule.retrievePayment(authorized.id, { relations: ["captures"] })
  const captures = (payment.captures ?? []) as Array<{ id: string; amount: unknown; raw_amount?: unknown }>
  if (captures.length) {
    // What complete-cart's add-order-transaction step does after authorising (capture: on_authorize).
    const orderModule = scope.resolve(Modules.ORDER)
    const existing = (await orderModule.listOrderTransactions(
      { order_id: unpaid.orderId, reference: "capture", reference_id: captures.map((capture) => capture.id) },
      { select: ["reference_id"] },
    )) as Array<{ reference_id: string }>
    const recorded = new Set(existing.map((transaction) => transaction.reference_id))
    const missing = captures.filter((capture) => !recorded.has(capture.id))
    if (missing.length) {
      await orderModule.addOrderTransactions(
        missing.map((capture) => ({
          order_id: unpaid.orderId,
          amount: capture.raw_amount ?? capture.amount,
          currency_code: payment.currency_code,
          reference: "capture",
          reference_id: capture.id,
        })),
      )
    }
  }
  return payment.id
}

async function readCart(scope: ContainerLike, cartId: string): Promise<CartPaymentRecord | undefined> {
  const query = scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "cart", fields: CART_PAYMENT_FIELDS, filters: { id: cartId } })
  return data[0] as CartPaymentRecord | undefined
}

/** The cart's order and whether it has its payment, without repairing. */
export async function readOrderPaymentState(scope: ContainerLike, cartId: string) {
  return orderPaymentState(await readCart(scope, cartId))
}

interface Attempts {
  count: number
  /** Epoch ms before which the order is not tried again. */
  nextAt: number
  /** Set when trying again cannot help (declined, expired, amount changed). */
  done?: CompletionFailure
}

export interface UnpaidOrderRepairReport {
  repaired: Array<{ orderId: string; cartId: string; paymentId?: string }>
  busy: string[]
  /** Orders still unpaid, tried again later (not confirmed yet, or no answer). */
  waiting: Array<{ orderId: string; reason: CompletionFailure }>
  /** Orders given up: the service declined, the checkout expired; the admin cancels them. */
  givenUp: Array<{ orderId: string; reason: CompletionFailure }>
}

/** Auth's requestId is remembered for 24 hours (docs/service-api.md "Idempotent requests"), plus a checkout's 60 minutes. */
export const REPAIR_WINDOW_HOURS = 26
const JOB_LOCK_WAIT_SECONDS = 5
const FINAL: ReadonlySet<CompletionFailure> = new Set([
  "declined",
  "expired",
  "amount_changed",
  "cart_changed",
  "invalid_return",
  "order_failed",
  "order_on_hold",
  "cancelled",
])
const key = cacheKeys.unpaidOrder

/** Minutes between tries of one order while it cannot be authorised: 1, 2, 4, 8, then every 10. */
export function repairBackoffMinutes(attempts: number): number {
  return Math.min(2 ** Math.max(attempts - 1, 0), 10)
}

/** A refusal is retried with back-off, and given up (logged for the admin) once declined or expired. */
export async function repairUnpaidOrders(container: ContainerLike, now: Date = new Date()): Promise<UnpaidOrderRepairReport> {
  const { cache, logger } = getPluginRuntime(container)
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const since = new Date(now.getTime() - REPAIR_WINDOW_HOURS * 3600 * 1000)
  const { data } = await query.graph({
    entity: "payment_session",
    fields: ["id", "payment_collection.order.id", "payment_collection.cart.id"],
    filters: {
      provider_id: { $like: `${PROVIDER_ID_PREFIX}%` },
      status: ["pending", "requires_more", "error"],
      created_at: { $gte: since },
    } as never,
  })
  const report: UnpaidOrderRepairReport = { repaired: [], busy: [], waiting: [], givenUp: [] }
  for (const session of data as Array<{
    id: string
    payment_collection?: { order?: { id: string } | null; cart?: { id: string } | null } | null
  }>) {
    const orderId = session.payment_collection?.order?.id
    const cartId = session.payment_collection?.cart?.id
    if (!orderId || !cartId) continue
    const attempts = ((await cache?.get<Attempts>(key(session.id)).catch(() => undefined)) as Attempts | null) ?? { count: 0, nextAt: 0 }
    if (attempts.done || attempts.nextAt > now.getTime()) continue
    try {
      const outcome = await repairOrderPayment(container, cartId, { lockWaitSeconds: JOB_LOCK_WAIT_SECONDS })
      if (outcome.outcome === "paid") {
        if (outcome.paymentId) {
          report.repaired.push({ orderId: outcome.orderId, cartId, paymentId: outcome.paymentId })
          logger?.warn?.(
            `medusa-payment-bnpl: order ${outcome.orderId} (cart ${cartId}) was placed without its payment (its completion was interrupted); the pay-later session ${session.id} is now authorised (payment ${outcome.paymentId}).`,
          )
        }
        await cache?.invalidate?.(key(session.id)).catch(() => undefined)
        continue
      }
      if (outcome.outcome === "busy") {
        report.busy.push(orderId)
        continue
      }
      if (outcome.outcome === "no_order") continue
      const count = attempts.count + 1
      const next: Attempts = { count, nextAt: now.getTime() + repairBackoffMinutes(count) * 60_000 }
      if (FINAL.has(outcome.reason)) {
        next.done = outcome.reason
        report.givenUp.push({ orderId, reason: outcome.reason })
        logger?.error?.(
          `medusa-payment-bnpl: order ${orderId} (cart ${cartId}) has no payment and the payment service will not authorise it (${outcome.reason}); cancel the order or ask the customer to pay again.`,
        )
      } else {
        report.waiting.push({ orderId, reason: outcome.reason })
      }
      await cache?.set(key(session.id), next, REPAIR_WINDOW_HOURS * 3600).catch(() => undefined)
    } catch (error) {
      logger?.error?.(`medusa-payment-bnpl: repairing the payment of order ${orderId} (cart ${cartId}) failed: ${(error as Error).message}`)
    }
  }
  return report
}
