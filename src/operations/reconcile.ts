import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { asPaymentState, isOpen, isVoidedOrExpired } from "../payments/payment-state"
import { requestIds } from "../payments/request-ids"
import { accountForPayment, getPluginRuntime, type AccountRuntime } from "../runtime/accounts/plugin-runtime"
import type { Payment } from "../client/schemas"
import { checkSessionPayment } from "../payments/payment-identity"
import type { BnplPaymentData } from "../payments/session-data"
import type { MedusaPaymentRecord } from "./order-payments"
import { readOrderPaymentState, repairOrderPayment } from "./repair-unpaid-orders"
import type { OrphanedPayment, ReconciliationReport, UnpaidOrderFinding } from "../runtime/records/reconciliation-findings"
import { PROVIDER_ID_PREFIX } from "../vocabulary"

export type { OrphanedPayment, ReconciliationReport, UnpaidOrderFinding } from "../runtime/records/reconciliation-findings"

/** A checkout lives 60 minutes, and a shopper whose return failed may complete the cart again within it. */
export const RECONCILIATION_GRACE_MINUTES = 90

/**
 * Finds approved service payments no Medusa payment or live session claims (docs/service-api.md
 * "List Payments") and voids them under `voidOrphanedPayments`; an unpaid Medusa order is repaired instead.
 */
export async function reconcilePayments(
  container: MedusaContainer,
  { days = 3, now = new Date(), account: given }: { days?: number; now?: Date; account?: AccountRuntime } = {},
): Promise<ReconciliationReport> {
  const runtime = getPluginRuntime(container)
  // One account at a time: two accounts' service orders may share an id.
  const account = given ?? runtime.accounts[0]
  const since = new Date(now.getTime() - days * 24 * 3600 * 1000)
  const before = new Date(now.getTime() - RECONCILIATION_GRACE_MINUTES * 60 * 1000)
  const isKnown = knownToMedusa(account, await medusaClaims(container, account, since))

  const report: ReconciliationReport = { checked: 0, orphaned: [], unpaidOrders: [] }
  for await (const payment of account.client.iteratePayments({
    fromCreatedDate: since.toISOString(),
    toCreatedDate: before.toISOString(),
    statuses: ["APPROVED"],
    limit: 100,
  })) {
    report.checked++
    const state = asPaymentState(payment.paymentState)
    if (isVoidedOrExpired(state) || state === "AUTH_DECLINED" || isKnown(payment)) continue
    // "Approved, order exists, payment missing" is not an orphan: repair it, never void it.
    const unpaid = await unpaidOrderFinding(container, payment)
    if (unpaid) report.unpaidOrders!.push(unpaid)
    else report.orphaned.push(await settleOrphan(account, payment))
  }
  return report
}

/** An id alone is not enough (a reset service gives ids out again): the checkout token must match. */
async function medusaClaims(container: MedusaContainer, account: AccountRuntime, since: Date): Promise<Map<string, BnplPaymentData[]>> {
  const runtime = getPluginRuntime(container)
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const ofAccount = (record: { provider_id?: string; data?: Record<string, unknown> | null }) =>
    accountForPayment(runtime, record) === account
  const [{ data: payments }, { data: sessions }] = await Promise.all([
    query.graph({
      entity: "payment",
      fields: ["id", "provider_id", "data"],
      filters: {
        provider_id: { $like: `${PROVIDER_ID_PREFIX}%` },
        created_at: { $gte: new Date(since.getTime() - 24 * 3600 * 1000) },
      } as never,
    }),
    query.graph({
      entity: "payment_session",
      fields: ["id", "provider_id", "data"],
      filters: { provider_id: { $like: `${PROVIDER_ID_PREFIX}%` }, created_at: { $gte: since } } as never,
    }),
  ])
  const claims = new Map<string, BnplPaymentData[]>()
  for (const record of [
    ...(payments as MedusaPaymentRecord[]),
    ...(sessions as Array<{ provider_id: string; data?: BnplPaymentData | null }>),
  ]) {
    const orderId = record.data?.orderId
    if (orderId && ofAccount(record)) claims.set(orderId, [...(claims.get(orderId) ?? []), record.data!])
  }
  return claims
}

function knownToMedusa(account: AccountRuntime, claims: Map<string, BnplPaymentData[]>): (payment: Payment) => boolean {
  return (payment) => {
    const named = claims.get(payment.id) ?? []
    if (named.some((owner) => !checkSessionPayment(owner, payment, { merchantId: account.options.merchantId }))) return true
    if (named.length) {
      account.logger?.warn?.(
        `medusa-payment-bnpl: ${account.providerId} service order ${payment.id} is named by a Medusa payment of another checkout (not ${payment.token ?? "its token"}); that payment is not this one, which is reconciled as Medusa does not know it.`,
      )
    }
    return false
  }
}

/** Only money still held can be voided (one requestId per order: instances void once); a captured orphan is refunded by hand. */
async function settleOrphan(account: AccountRuntime, payment: Payment): Promise<OrphanedPayment> {
  const { client, options, logger } = account
  const orphan: OrphanedPayment = {
    orderId: payment.id,
    merchantReference: payment.merchantReference,
    amount: payment.originalAmount,
    created: payment.created,
    voided: false,
  }
  if (options.voidOrphanedPayments && isOpen(asPaymentState(payment.paymentState) ?? "AUTH_APPROVED")) {
    try {
      await client.voidPayment(payment.id, { requestId: requestIds.orphanVoid(payment.id) })
      orphan.voided = true
    } catch (error) {
      // One payment the service will not void must not hide the others from the report.
      logger?.error?.(`medusa-payment-bnpl: could not void orphaned service order ${payment.id}: ${(error as Error).message}`)
    }
  }
  logger?.warn?.(
    `medusa-payment-bnpl: ${account.providerId} service order ${payment.id} (cart ${payment.merchantReference ?? "unknown"}, ${payment.originalAmount?.amount ?? "?"} ${payment.originalAmount?.currency ?? ""}) is approved but has no Medusa order${orphan.voided ? "; it was voided" : "; void it or create the order (option voidOrphanedPayments voids automatically)"}.`,
  )
  return orphan
}

/** Undefined when the approval is an orphan; else the unpaid order, repaired if it can be. */
async function unpaidOrderFinding(
  container: MedusaContainer,
  payment: { id: string; merchantReference?: string; originalAmount?: { amount: string; currency: string }; created?: string },
): Promise<UnpaidOrderFinding | undefined> {
  const cartId = payment.merchantReference
  if (!cartId?.startsWith("cart_")) return undefined
  const state = await readOrderPaymentState(container, cartId)
  if (state.state !== "unpaid") return undefined
  const { logger } = getPluginRuntime(container)
  const repair = await repairOrderPayment(container, cartId, { lockWaitSeconds: 5 }).catch((error: Error) => {
    logger?.error?.(`medusa-payment-bnpl: repairing the payment of order ${state.unpaid.orderId} failed: ${error.message}`)
    return undefined
  })
  const repaired = repair?.outcome === "paid"
  logger?.warn?.(
    `medusa-payment-bnpl: service order ${payment.id} (cart ${cartId}) is approved and Medusa order ${state.unpaid.orderId} has no payment${repaired ? "; the payment was given to the order" : "; it is not voided, the background completion job keeps authorising it"}.`,
  )
  return {
    orderId: payment.id,
    merchantReference: cartId,
    medusaOrderId: state.unpaid.orderId,
    amount: payment.originalAmount,
    created: payment.created,
    repaired,
  }
}
