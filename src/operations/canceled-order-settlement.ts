import { ContainerRegistrationKeys, MathBN, Modules } from "@medusajs/framework/utils"
import { minorUnitsToApiAmount, toMinorUnits, type MajorUnitAmount } from "../client/money"
import type { ContainerLike } from "../runtime/infrastructure/shared-types"
import { isBnplProvider } from "../payments/session-data"
import { PAYMENT_FIELDS, bnplPaymentsOf, type MedusaPaymentRecord } from "./order-payments"

/** A pay-later payment of a canceled order with its captures and refunds (major units). */
export interface CanceledOrderPayment extends MedusaPaymentRecord {
  currency_code?: string
  captures?: Array<{ amount: unknown }> | null
  refunds?: Array<{ id?: string; amount: unknown }> | null
}

/** `query.graph` fields of an order for its settlement, relative to the order. */
export const SETTLEMENT_FIELDS = [
  "id",
  ...[...PAYMENT_FIELDS, "currency_code", "captures.amount", "refunds.id", "refunds.amount"].map(
    (field) => `payment_collections.payments.${field}`,
  ),
]

/** What one settlement did (or could not do) for one payment. Amounts are API strings (major units). */
export interface PaymentSettlement {
  orderId: string
  paymentId: string
  /** Refunded now through Medusa (so Medusa records it). */
  refunded?: string
  voided?: boolean
  /** What failed; the repair of the every-minute job tries again. */
  failed?: string
}

/** What a payment of a canceled order still owes, from Medusa's records: minor units to refund, and whether a rest is open. */
export function outstandingOf(payment: CanceledOrderPayment): { toRefund: bigint; open: boolean } {
  const sum = (entries: Array<{ amount: unknown }> | null | undefined) =>
    (entries ?? []).reduce((total, entry) => total + toMinorUnits(entry.amount as MajorUnitAmount), 0n)
  const captured = sum(payment.captures)
  const toRefund = captured - sum(payment.refunds)
  const open = !payment.canceled_at && captured < toMinorUnits((payment.amount ?? 0) as MajorUnitAmount)
  return { toRefund: toRefund > 0n ? toRefund : 0n, open }
}

/**
 * Refunds what a canceled order has captured, then voids the rest. Not Medusa's refund workflows:
 * one logs a provider failure and returns, the other fails on a canceled order. Safe concurrently:
 * the provider's refund, under the payment's lock, refuses the second. Never throws for one payment.
 */
export async function settleCanceledOrder(scope: ContainerLike, orderId: string): Promise<PaymentSettlement[]> {
  const results: PaymentSettlement[] = []
  for (const payment of await payLaterPaymentsOfOrder(scope, orderId)) {
    const result = await settlePayment(scope, orderId, payment)
    if (result) results.push(result)
  }
  return results
}

/** Every cancel runs this while Medusa's cancel route still answers, so the common cases stop early. */
export async function payLaterPaymentsOfOrder(scope: ContainerLike, orderId: string): Promise<CanceledOrderPayment[]> {
  const query = scope.resolve<any>(ContainerRegistrationKeys.QUERY)
  const { data: links } = await query.graph({
    entity: "order_payment_collection",
    fields: ["payment_collection_id"],
    filters: { order_id: orderId },
  })
  const collectionIds = (links as Array<{ payment_collection_id?: string }>)
    .map((link) => link.payment_collection_id)
    .filter((id): id is string => !!id)
  if (!collectionIds.length) return []
  const payments = scope.resolve<any>(Modules.PAYMENT)
  const listed = (await payments.listPayments(
    { payment_collection_id: collectionIds },
    { select: ["id", "provider_id", "canceled_at"] },
  )) as MedusaPaymentRecord[]
  const payLater = listed.filter((payment) => isBnplProvider(payment.provider_id))
  const canceled = payLater.filter((payment) => payment.canceled_at).map((payment) => payment.id)
  const captures = canceled.length
    ? ((await payments.listCaptures({ payment_id: canceled }, { select: ["id", "payment_id"] })) as Array<{ payment_id?: string }>)
    : []
  const captured = new Set(captures.map((capture) => capture.payment_id))
  const ids = payLater.filter((payment) => !payment.canceled_at || captured.has(payment.id)).map((payment) => payment.id)
  if (!ids.length) return []
  const whole = await payments.listPayments(
    { id: ids },
    { select: [...PAYMENT_FIELDS, "currency_code", "captures.amount", "refunds.id", "refunds.amount"], relations: ["captures", "refunds"] },
  )
  return bnplPaymentsOf({ payment_collections: [{ payments: whole }] }) as CanceledOrderPayment[]
}

/** Undefined when nothing was owed. */
export async function settlePayment(
  scope: ContainerLike,
  orderId: string,
  payment: CanceledOrderPayment,
): Promise<PaymentSettlement | undefined> {
  const logger = scope.resolve<any>(ContainerRegistrationKeys.LOGGER)
  const currency = payment.currency_code?.toUpperCase() ?? ""
  const { toRefund, open } = outstandingOf(payment)
  if (toRefund === 0n && !open) return undefined
  const result: PaymentSettlement = { orderId, paymentId: payment.id }
  const failures: string[] = []
  if (toRefund > 0n) {
    const amount = minorUnitsToApiAmount(toRefund)
    try {
      await refundAndRecord(scope, orderId, payment, amount)
      result.refunded = amount
      logger.info(`medusa-payment-bnpl: refunded ${amount} ${currency} captured on payment ${payment.id} of canceled order ${orderId}.`)
    } catch (error) {
      failures.push(`refund of ${amount} ${currency}: ${(error as Error).message}`)
      logger.error(
        `medusa-payment-bnpl: ${amount} ${currency} captured on payment ${payment.id} of canceled order ${orderId} is not refunded: ${(error as Error).message}. The every-minute job tries again.`,
      )
    }
  }
  if (open) {
    try {
      await scope.resolve<any>(Modules.PAYMENT).cancelPayment(payment.id)
      result.voided = true
    } catch (error) {
      failures.push(`void: ${(error as Error).message}`)
      logger.error(
        `medusa-payment-bnpl: payment ${payment.id} of canceled order ${orderId} is still authorised: ${(error as Error).message}. The every-minute job tries again.`,
      )
    }
  }
  if (failures.length) result.failed = failures.join("; ")
  return result
}

/** Refunds `amount` (API string) and adds the order transaction, as Medusa's refund workflows do. */
async function refundAndRecord(scope: ContainerLike, orderId: string, payment: CanceledOrderPayment, amount: string): Promise<void> {
  const earlier = new Set((payment.refunds ?? []).map((refund) => refund.id))
  const refunded = await scope.resolve<any>(Modules.PAYMENT).refundPayment({ payment_id: payment.id, amount })
  const created = ((refunded?.refunds ?? []) as Array<{ id: string }>).filter((refund) => !earlier.has(refund.id))
  if (!created.length) return
  await scope.resolve<any>(Modules.ORDER).addOrderTransactions(
    created.map((refund) => ({
      order_id: orderId,
      amount: MathBN.mult(amount, -1),
      currency_code: payment.currency_code,
      reference: "refund",
      reference_id: refund.id,
    })),
  )
}
