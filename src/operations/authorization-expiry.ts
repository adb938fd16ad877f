import { ContainerRegistrationKeys, Modules, PaymentCollectionStatus } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { asPaymentState, isCaptured } from "../payments/payment-state"
import { accountForPayment, getPluginRuntime } from "../runtime/accounts/plugin-runtime"
import { PAYMENT_FIELDS, type MedusaPaymentRecord } from "./order-payments"
import { PROVIDER_ID_PREFIX } from "../vocabulary"

export interface ExpiryReport {
  /** Medusa payment ids whose authorisation expires within the warning window. */
  expiringSoon: Array<{ paymentId: string; orderId: string; expiresAt: string }>
  /** Medusa payment ids found expired and canceled in Medusa. */
  expired: Array<{ paymentId: string; orderId: string; expiresAt: string }>
  /**
   * Payments of canceled orders that Medusa's cancel could not void at the time (the service
   * did not answer; Medusa's cancel-order workflow logs that and cancels the order anyway),
   * voided now and canceled in Medusa.
   */
  voidedForCanceledOrders: Array<{ paymentId: string; orderId: string }>
  /** Payments the job could not settle this run; it tries again at the next. */
  errors: Array<{ paymentId: string; orderId: string; message: string }>
}

/**
 * How far back the job reads payments. An authorisation lives 13 days (docs/service-api.md rule
 * 1), so an older payment is captured, canceled or expired at the service; the other 17 days
 * are for a worker stopped that long. Without a window the hourly read grew with the store's
 * history: Medusa leaves `captured_at` empty on a partly captured payment, so every partly
 * captured order ever placed was read each hour (docs/performance.md "Scale").
 */
export const EXPIRY_WINDOW_DAYS = 30

/**
 * The payments the job looks at: this plugin's, neither captured nor canceled in Medusa,
 * created within EXPIRY_WINDOW_DAYS of `now` (an index on `payment.created_at`, made by the
 * records module's migration, keeps the read to the window).
 */
export function expiryCandidateFilters(now: Date): Record<string, unknown> {
  return {
    provider_id: { $like: `${PROVIDER_ID_PREFIX}%` },
    captured_at: null,
    canceled_at: null,
    created_at: { $gte: new Date(now.getTime() - EXPIRY_WINDOW_DAYS * 24 * 3600 * 1000) },
  }
}

/** A payment as the job reads it, with its payment collection and the order's status. */
type ExpiryCandidate = MedusaPaymentRecord & {
  payment_collection?: {
    id: string
    status?: string
    order?: { status?: string } | null
    payments?: Array<{ id: string; canceled_at?: string | Date | null } | null> | null
  } | null
}

/**
 * Marks the payment collection of an expired, now canceled payment as Medusa marks a canceled
 * payment's: status `canceled`, from which the order's `payment_status` reads `canceled`.
 * Medusa's `cancelPayment` alone leaves the collection `authorized`; its cancel-order and
 * cancel-payment-collection workflows (core-flows 2.21, not exported) set the status with the
 * payment module's `updatePaymentCollections`, as here. Only when nothing else of the
 * collection is still open, and never over a collection already `canceled` or `completed`
 * (what the cancel-payment-collection workflow refuses); nothing of it was captured (the job
 * skips captured payments), so `canceled` rather than `partially_captured`.
 */
async function cancelPaymentCollection(container: MedusaContainer, payment: ExpiryCandidate): Promise<void> {
  const collection = payment.payment_collection
  if (!collection?.id) return
  const settled = new Set<string>([PaymentCollectionStatus.CANCELED, PaymentCollectionStatus.COMPLETED])
  if (settled.has(collection.status ?? "")) return
  const othersOpen = (collection.payments ?? []).some((other) => !!other && other.id !== payment.id && !other.canceled_at)
  if (othersOpen) return
  await container.resolve(Modules.PAYMENT).updatePaymentCollections(collection.id, { status: PaymentCollectionStatus.CANCELED })
}

/** Whether the service holds captured money for the payment (as last recorded in its data). */
export function hasCapturedFunds(payment: Pick<MedusaPaymentRecord, "data">): boolean {
  const state = asPaymentState(payment.data?.paymentState)
  return isCaptured(state) || state === "PARTIALLY_CAPTURED" || (!!payment.data?.capturedAmount && payment.data.capturedAmount !== "0.00")
}

/**
 * The 13-day clock (docs/service-api.md "What the service does", rule 1: an authorisation is voided after 13 days).
 * For every payment of this plugin of the last EXPIRY_WINDOW_DAYS that is neither captured nor canceled: warns when its
 * authorisation expires within `expiryWarningHours` (48 by default), and cancels in Medusa
 * the ones already expired, so no order shows money that can no longer be captured. The
 * cancel goes through the provider, which confirms with the service (void, or 412
 * payment_expired) and records the state; then the payment collection is canceled as Medusa
 * cancels one (cancelPaymentCollection), so the order's `payment_status` reads `canceled`.
 * A payment whose order is canceled is voided the same way: Medusa's cancel-order workflow
 * cancels the order even when the void failed (its cancelPaymentStep only logs the error), and
 * the admin has no way to cancel again, so the consumer's authorisation would otherwise stay
 * open until it expires. The void's requestId is Medusa's payment id, as on cancel, so one
 * that reached the service already is answered from the service's memory, not made twice.
 */
export async function checkAuthorizationExpiry(container: MedusaContainer, now: Date = new Date()): Promise<ExpiryReport> {
  const runtime = getPluginRuntime(container)
  const report: ExpiryReport = { expiringSoon: [], expired: [], voidedForCanceledOrders: [], errors: [] }
  for (const payment of await readExpiryCandidates(container, now)) {
    const expiresAt = payment.data?.authorizationExpiresAt
    const orderId = payment.data?.orderId
    // Money the service captured is not an open authorisation, whatever Medusa's captured_at
    // says (Medusa records a partial capture while the provider captures all that was open).
    if (!orderId || hasCapturedFunds(payment)) continue
    if (payment.payment_collection?.order?.status === "canceled") {
      await voidCanceledOrderPayment(container, payment, orderId, report)
      continue
    }
    if (!expiresAt) continue
    // Every account's payments, each warned about by its own account's setting.
    const warnBefore = (accountForPayment(runtime, payment) ?? runtime).options.expiryWarningHours * 3600 * 1000
    const left = Date.parse(expiresAt) - now.getTime()
    const entry = { paymentId: payment.id, orderId, expiresAt }
    if (left <= 0) {
      await cancelExpiredPayment(container, payment, entry, report)
    } else if (left <= warnBefore) {
      report.expiringSoon.push(entry)
      runtime.logger?.warn?.(
        `medusa-payment-bnpl: the authorisation of payment ${payment.id} (service order ${orderId}) expires at ${expiresAt}; capture it before then or it is voided.`
      )
    }
  }
  return report
}

/** This plugin's payments of the window that are neither captured nor canceled, with their payment collection and order status. */
async function readExpiryCandidates(container: MedusaContainer, now: Date): Promise<ExpiryCandidate[]> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "payment",
    fields: [
      ...PAYMENT_FIELDS,
      "payment_collection.order.status",
      "payment_collection.id",
      "payment_collection.status",
      "payment_collection.payments.id",
      "payment_collection.payments.canceled_at",
    ],
    filters: expiryCandidateFilters(now) as never,
  })
  return data as ExpiryCandidate[]
}

/** Voids a canceled order's payment that Medusa's cancel left authorised; a failure is reported and tried again next run. */
async function voidCanceledOrderPayment(container: MedusaContainer, payment: ExpiryCandidate, orderId: string, report: ExpiryReport): Promise<void> {
  const { logger } = getPluginRuntime(container)
  try {
    await container.resolve(Modules.PAYMENT).cancelPayment(payment.id)
    report.voidedForCanceledOrders.push({ paymentId: payment.id, orderId })
    logger?.warn?.(
      `medusa-payment-bnpl: payment ${payment.id} (service order ${orderId}) of a canceled order was still authorised (voiding it on cancel had failed); it is voided now.`
    )
  } catch (error) {
    report.errors.push({ paymentId: payment.id, orderId, message: (error as Error).message })
    logger?.error?.(
      `medusa-payment-bnpl: payment ${payment.id} (service order ${orderId}) of a canceled order is still authorised and could not be voided; the next run tries again. ${(error as Error).message}`
    )
  }
}

/** Cancels an expired payment in Medusa (the provider confirms with the service), then its payment collection. */
async function cancelExpiredPayment(
  container: MedusaContainer,
  payment: ExpiryCandidate,
  entry: ExpiryReport["expired"][number],
  report: ExpiryReport
): Promise<void> {
  const { logger } = getPluginRuntime(container)
  const { orderId, expiresAt } = entry
  try {
    await container.resolve(Modules.PAYMENT).cancelPayment(payment.id)
  } catch (error) {
    // One payment the service will not settle must not stop the job for all the others.
    report.errors.push({ paymentId: payment.id, orderId, message: (error as Error).message })
    logger?.error?.(`medusa-payment-bnpl: could not cancel expired payment ${payment.id} (service order ${orderId}); the next run tries again. ${(error as Error).message}`)
    return
  }
  report.expired.push(entry)
  await cancelPaymentCollection(container, payment).catch((error: Error) =>
    // The payment is canceled (the service's authorisation is settled); only the order's status lags. Logged, not retried.
    logger?.error?.(
      `medusa-payment-bnpl: payment ${payment.id} (service order ${orderId}) is canceled, but its payment collection could not be marked canceled, so the order may still read authorized: ${error.message}`
    )
  )
  logger?.warn?.(
    `medusa-payment-bnpl: the authorisation of payment ${payment.id} (service order ${orderId}) expired at ${expiresAt} uncaptured; it is canceled in Medusa. The customer must pay again.`
  )
}
