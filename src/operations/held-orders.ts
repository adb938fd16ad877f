import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import { asPaymentData } from "../payments/session-data"
import { recordCompletionFailure } from "./completion-record"
import { openHoldOfCart, openHolds, recordHeldOrder, updateHeldOrder, type HeldOrder } from "../runtime/records/held-orders"
import { orderFailurePolicy } from "../runtime/accounts/order-failure-policy"
import { getPluginRuntime } from "../runtime/accounts/plugin-runtime"
import type { ContainerLike } from "../runtime/infrastructure/shared-types"

/** An authorisation lives 13 days (docs/service-api.md "What the service does", rule 1); used when the payment's data has no expiry. */
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
 * With `onOrderFailure: "hold"` on the account that approved (runtime/accounts/order-failure-policy.ts):
 * keeps the authorisation of a cart that could not become an order, recorded as held
 * (runtime/records/held-orders.ts) with Medusa's reason (`failure`), and logs it for the merchant.
 * Undefined, so the caller voids as with `void`, when the policy is `void`, when the session has
 * no open uncaptured payment (Medusa refunds a captured one itself: `capture: "on_authorize"`),
 * or when the hold cannot be recorded (an approval nobody would see must not wait 13 days).
 */
export async function holdApproval(scope: ContainerLike, input: { cartId: string; sessionId: string; failure: string }): Promise<HeldOrder | undefined> {
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
      `medusa-payment-bnpl: cart ${input.cartId} could not become an order (${input.failure}); its approval (payment ${payment.id}) is held for a decision in Settings -> Pay later ("Place the order" or "Void") before ${held.expiresAt}.`
    )
    return held
  } catch (error) {
    logger?.error?.(`medusa-payment-bnpl: the approval of cart ${input.cartId} could not be recorded as held (${(error as Error).message}); it is voided instead.`)
    return undefined
  }
}

/**
 * Voids a held approval through Medusa's payment module (the provider's void, requestId the
 * payment id), records the hold as `voided`, and the cart's status as `order_failed`.
 * @throws the payment module's error when the void is refused; the hold then stays open.
 */
export async function voidHeldApproval(scope: ContainerLike, held: HeldOrder): Promise<void> {
  await scope.resolve(Modules.PAYMENT).cancelPayment(held.paymentId)
  await updateHeldOrder(held.id, { outcome: "voided", settledAt: new Date().toISOString() })
  // The shopper's status now reads as a voided failure: the payment was cancelled.
  await recordCompletionFailure(scope, held.cartId, "order_failed")
  getPluginRuntime(scope).logger?.info?.(`medusa-payment-bnpl: the held approval of cart ${held.cartId} (payment ${held.paymentId}) was voided.`)
}

/** How long a decision waits for another decision on the same hold (a Place the order may take an Auth and Medusa's complete-cart). */
const DECISION_WAIT_SECONDS = 60

/**
 * Runs one merchant decision on the held approval of `cartId` ("Place the order" or "Void")
 * under a lock per cart, every instance included, with the hold read again under it: two
 * decisions sent at once (two admins, two tabs, a double click) are taken one after the other,
 * and the second finds the hold settled and is refused, so an order never gets a voided payment
 * and a voided approval never gets an order.
 * @throws MedusaError NOT_ALLOWED when the cart has no open hold any more (settled meanwhile).
 */
export async function decideHeldApproval<T>(scope: ContainerLike, cartId: string, decision: (held: HeldOrder) => Promise<T>): Promise<T> {
  return scope.resolve(Modules.LOCKING).execute(
    `bnpl-held-decision:${cartId}`,
    async () => {
      const held = await openHoldOfCart(cartId)
      if (!held) throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `The held approval of cart ${cartId} was settled meanwhile (placed or voided); nothing was done.`)
      return decision(held)
    },
    { timeout: DECISION_WAIT_SECONDS }
  )
}

/** What one run of the reminders did. */
export interface HeldReminderReport {
  /** Holds reminded about in this run (one log line each, once a day). */
  reminded: string[]
  /** Holds past their authorisation's expiry, closed as `expired` (the expiry job cancels the payment). */
  expired: string[]
}

/**
 * Once a day while an approval is held, a reminder in the log: the cart, the amount, why it
 * could not be placed and how long is left before the authorisation expires. A hold past its
 * expiry is closed as `expired` (checkAuthorizationExpiry cancels its payment in Medusa). Run by
 * the hourly authorization-expiry job.
 */
export async function remindHeldOrders(scope: ContainerLike, now: Date = new Date()): Promise<HeldReminderReport> {
  const { logger } = getPluginRuntime(scope)
  const report: HeldReminderReport = { reminded: [], expired: [] }
  for (const held of await openHolds()) {
    if (Date.parse(held.expiresAt) <= now.getTime()) {
      await updateHeldOrder(held.id, { outcome: "expired", settledAt: now.toISOString() })
      report.expired.push(held.id)
      logger?.warn?.(`medusa-payment-bnpl: the held approval of cart ${held.cartId} (payment ${held.paymentId}) expired at ${held.expiresAt} with no decision; no order was placed.`)
      continue
    }
    if (held.remindedAt && now.getTime() - Date.parse(held.remindedAt) < REMINDER_EVERY_MS) continue
    const hoursLeft = Math.floor((Date.parse(held.expiresAt) - now.getTime()) / 3_600_000)
    logger?.warn?.(
      `medusa-payment-bnpl: reminder: cart ${held.cartId} (${held.amount ?? "?"} ${held.currencyCode ?? ""}) is approved and waiting since ${held.heldAt} because its order could not be placed (${held.failure}). ` +
        `Place the order or void it in Settings -> Pay later within ${hoursLeft} hours (the authorisation expires at ${held.expiresAt}).`
    )
    await updateHeldOrder(held.id, { remindedAt: now.toISOString() })
    report.reminded.push(held.id)
  }
  return report
}
