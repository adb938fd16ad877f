import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import { asPaymentData } from "../payments/session-data"
import { recordCompletionFailure } from "./completion-record"
import { openHoldOfCart, openHolds, recordHeldOrder, updateHeldOrder, type HeldOrder } from "../runtime/records/held-orders"
import { orderFailurePolicy } from "../runtime/accounts/order-failure-policy"
import { getPluginRuntime } from "../runtime/accounts/plugin-runtime"
import type { ContainerLike } from "../runtime/infrastructure/shared-types"

/** An authorisation lives 13 days: for payment data with no expiry. */
const AUTHORIZATION_DAYS = 13
/** A reminder is logged once a day per held approval; the hourly job may run a little early. */
const REMINDER_EVERY_MS = 23.5 * 60 * 60 * 1000

interface SessionPayment {
  id: string
  provider_id: string
  payment?: {
    id: string
    captured_at?: unknown
    canceled_at?: unknown
    data?: Record<string, unknown> | null
  } | null
}

/**
 * Keeps the authorisation under `onOrderFailure: "hold"`; undefined (the caller voids) otherwise, or
 * when the hold cannot be recorded: an approval nobody would see must not wait 13 days.
 */
export async function holdApproval(
  scope: ContainerLike,
  input: { cartId: string; sessionId: string; failure: string },
): Promise<HeldOrder | undefined> {
  const { logger } = getPluginRuntime(scope)
  const { data } = await scope.resolve(ContainerRegistrationKeys.QUERY).graph({
    entity: "payment_session",
    fields: ["id", "provider_id", "payment.id", "payment.captured_at", "payment.canceled_at", "payment.data"],
    filters: { id: input.sessionId },
  })
  const session = data[0] as SessionPayment | undefined
  const payment = session?.payment
  if (!session || !payment || payment.captured_at || payment.canceled_at) return undefined
  if ((await orderFailurePolicy(scope, session.provider_id)) !== "hold") return undefined
  const paymentData = asPaymentData(payment.data ?? {})
  const heldAt = new Date()
  try {
    const held = await recordHeldOrder({
      cartId: input.cartId,
      paymentSessionId: session.id,
      paymentId: payment.id,
      providerId: session.provider_id,
      serviceOrderId: paymentData.orderId ?? null,
      amount: paymentData.amount ?? null,
      currencyCode: paymentData.currency ?? null,
      failure: input.failure,
      heldAt: heldAt.toISOString(),
      expiresAt: paymentData.authorizationExpiresAt ?? new Date(heldAt.getTime() + AUTHORIZATION_DAYS * 86_400_000).toISOString(),
    })
    logger?.warn?.(
      `medusa-payment-bnpl: cart ${input.cartId} could not become an order (${input.failure}); its approval (payment ${payment.id}) is held for a decision in Settings -> Pay later ("Place the order" or "Void") before ${held.expiresAt}.`,
    )
    return held
  } catch (error) {
    logger?.error?.(
      `medusa-payment-bnpl: the approval of cart ${input.cartId} could not be recorded as held (${(error as Error).message}); it is voided instead.`,
    )
    return undefined
  }
}

/** @throws the payment module's error when the void is refused; the hold then stays open. */
export async function voidHeldApproval(scope: ContainerLike, held: HeldOrder): Promise<void> {
  await scope.resolve(Modules.PAYMENT).cancelPayment(held.paymentId)
  await updateHeldOrder(held.id, { outcome: "voided", settledAt: new Date().toISOString() })
  await recordCompletionFailure(scope, held.cartId, "order_failed")
  getPluginRuntime(scope).logger?.info?.(
    `medusa-payment-bnpl: the held approval of cart ${held.cartId} (payment ${held.paymentId}) was voided.`,
  )
}

/** A Place the order may take an Auth and Medusa's complete-cart. */
const DECISION_WAIT_SECONDS = 60

/**
 * Runs one merchant decision under a lock per cart, the hold read again under it, so an order never
 * gets a voided payment. @throws MedusaError NOT_ALLOWED when the hold was settled meanwhile.
 */
export async function decideHeldApproval<T>(scope: ContainerLike, cartId: string, decision: (held: HeldOrder) => Promise<T>): Promise<T> {
  return scope.resolve(Modules.LOCKING).execute(
    `bnpl-held-decision:${cartId}`,
    async () => {
      const held = await openHoldOfCart(cartId)
      if (!held)
        throw new MedusaError(
          MedusaError.Types.NOT_ALLOWED,
          `The held approval of cart ${cartId} was settled meanwhile (placed or voided); nothing was done.`,
        )
      return decision(held)
    },
    { timeout: DECISION_WAIT_SECONDS },
  )
}

export interface HeldReminderReport {
  reminded: string[]
  /** Holds past their expiry, closed as `expired` (the expiry job cancels the payment). */
  expired: string[]
}

/** A daily log reminder per held approval; a hold past its expiry is closed as `expired`. */
export async function remindHeldOrders(scope: ContainerLike, now: Date = new Date()): Promise<HeldReminderReport> {
  const { logger } = getPluginRuntime(scope)
  const report: HeldReminderReport = { reminded: [], expired: [] }
  for (const held of await openHolds()) {
    if (Date.parse(held.expiresAt) <= now.getTime()) {
      await updateHeldOrder(held.id, { outcome: "expired", settledAt: now.toISOString() })
      report.expired.push(held.id)
      logger?.warn?.(
        `medusa-payment-bnpl: the held approval of cart ${held.cartId} (payment ${held.paymentId}) expired at ${held.expiresAt} with no decision; no order was placed.`,
      )
      continue
    }
    if (held.remindedAt && now.getTime() - Date.parse(held.remindedAt) < REMINDER_EVERY_MS) continue
    const hoursLeft = Math.floor((Date.parse(held.expiresAt) - now.getTime()) / 3_600_000)
    logger?.warn?.(
      `medusa-payment-bnpl: reminder: cart ${held.cartId} (${held.amount ?? "?"} ${held.currencyCode ?? ""}) is approved and waiting since ${held.heldAt} because its order could not be placed (${held.failure}). ` +
        `Place the order or void it in Settings -> Pay later within ${hoursLeft} hours (the authorisation expires at ${held.expiresAt}).`,
    )
    await updateHeldOrder(held.id, { remindedAt: now.toISOString() })
    report.reminded.push(held.id)
  }
  return report
}
