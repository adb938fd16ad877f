import { ContainerRegistrationKeys, Modules, PaymentCollectionStatus } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { asPaymentState, isCaptured } from "../payments/payment-state"
import { accountForPayment, getPluginRuntime } from "../runtime/accounts/plugin-runtime"
import { PAYMENT_FIELDS, type MedusaPaymentRecord } from "./order-payments"
import { PROVIDER_ID_PREFIX } from "../vocabulary"

export interface ExpiryReport {
  expiringSoon: Array<{ paymentId: string; orderId: string; expiresAt: string }>
  expired: Array<{ paymentId: string; orderId: string; expiresAt: string }>
  /** Canceled orders' payments Medusa's cancel could not void (it cancels the order anyway), voided now. */
  voidedForCanceledOrders: Array<{ paymentId: string; orderId: string }>
  /** Payments the job could not settle this run; it tries again at the next. */
  errors: Array<{ paymentId: string; orderId: string; message: string }>
}

/** 13 days of authorisation plus time for a stopped worker; Medusa leaves `captured_at` empty on a partial capture. */
export const EXPIRY_WINDOW_DAYS = 30

/** Filters for this plugin's payments neither captured nor canceled, created within EXPIRY_WINDOW_DAYS of `now`. */
export function expiryCandidateFilters(now: Date): Record<string, unknown> {
  return {
    provider_id: { $like: `${PROVIDER_ID_PREFIX}%` },
    captured_at: null,
    canceled_at: null,
    created_at: { $gte: new Date(now.getTime() - EXPIRY_WINDOW_DAYS * 24 * 3600 * 1000) },
  }
}

type ExpiryCandidate = MedusaPaymentRecord & {
  payment_collection?: {
    id: string
    status?: string
    order?: { status?: string } | null
    payments?: Array<{ id: string; canceled_at?: string | Date | null } | null> | null
  } | null
}

/** As Medusa's cancel workflows do (not exported): `cancelPayment` alone leaves the collection `authorized`. */
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
 * The 13-day clock (docs/service-api.md "What the service does", rule 1): warns, cancels expired
 * payments, and voids canceled orders' payments (Medusa's cancel-order only logs a failed void).
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
    const warnBefore = (accountForPayment(runtime, payment) ?? runtime).options.expiryWarningHours * 3600 * 1000
    const left = Date.parse(expiresAt) - now.getTime()
    const entry = { paymentId: payment.id, orderId, expiresAt }
    if (left <= 0) {
      await cancelExpiredPayment(container, payment, entry, report)
    } else if (left <= warnBefore) {
      report.expiringSoon.push(entry)
      runtime.logger?.warn?.(
        `medusa-payment-bnpl: the authorisation of payment ${payment.id} (service order ${orderId}) expires at ${expiresAt}; capture it before then or it is voided.`,
      )
    }
  }
  return report
}

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

async function voidCanceledOrderPayment(
  container: MedusaContainer,
  payment: ExpiryCandidate,
  orderId: string,
  report: ExpiryReport,
): Promise<void> {
  const { logger } = getPluginRuntime(container)
  try {
    await container.resolve(Modules.PAYMENT).cancelPayment(payment.id)
    report.voidedForCanceledOrders.push({ paymentId: payment.id, orderId })
    logger?.warn?.(
      `medusa-payment-bnpl: payment ${payment.id} (service order ${orderId}) of a canceled order was still authorised (voiding it on cancel had failed); it is voided now.`,
    )
  } catch (error) {
    report.errors.push({ paymentId: payment.id, orderId, message: (error as Error).message })
    logger?.error?.(
      `medusa-payment-bnpl: payment ${payment.id} (service order ${orderId}) of a canceled order is still authorised and could not be voided; the next run tries again. ${(error as Error).message}`,
    )
  }
}

async function cancelExpiredPayment(
  container: MedusaContainer,
  payment: ExpiryCandidate,
  entry: ExpiryReport["expired"][number],
  report: ExpiryReport,
): Promise<void> {
  const { logger } = getPluginRuntime(container)
  const { orderId, expiresAt } = entry
  try {
    await container.resolve(Modules.PAYMENT).cancelPayment(payment.id)
  } catch (error) {
    // One payment the service will not settle must not stop the job for all the others.
    report.errors.push({ paymentId: payment.id, orderId, message: (error as Error).message })
    logger?.error?.(
      `medusa-payment-bnpl: could not cancel expired payment ${payment.id} (service order ${orderId}); the next run tries again. ${(error as Error).message}`,
    )
    return
  }
  report.expired.push(entry)
  await cancelPaymentCollection(container, payment).catch((error: Error) =>
    // The payment is canceled; only the order's status lags. Logged, not retried.
    logger?.error?.(
      `medusa-payment-bnpl: payment ${payment.id} (service order ${orderId}) is canceled, but its payment collection could not be marked canceled, so the order may still read authorized: ${error.message}`,
    ),
  )
  logger?.warn?.(
    `medusa-payment-bnpl: the authorisation of payment ${payment.id} (service order ${orderId}) expired at ${expiresAt} uncaptured; it is canceled in Medusa. The customer must pay again.`,
  )
}
