import { isNarrowingVoid } from "../../src/payments/request-ids"
import {
  byServiceOrder,
  groupSum,
  major,
  shownPayment,
  toMinor,
  type CheckInput,
  type LedgerView,
  type MedusaPayment,
  type Violation,
} from "./check-records"

/**
 * The checker's rules on each order's money and approval, per service order (one approval):
 * after an order change (issue 44) two Medusa payments name it, the one Medusa cancelled for the
 * change and the new one holding the approval, so every sum is over all of them.
 */

type ServicePayment = LedgerView["payments"][number]

const idsOf = (serviceOrderId: string, payments: MedusaPayment[], token?: string) => ({
  cart: payments.find((payment) => payment.cartId)?.cartId,
  order: payments.find((payment) => payment.orderId)?.orderId,
  payment: shownPayment(payments).id,
  serviceOrder: serviceOrderId,
  ...(token ? { token } : {}),
})
const across = (payments: MedusaPayment[]) =>
  payments.length > 1 ? ` (over Medusa's ${payments.length} payments ${payments.map((payment) => payment.id).join(", ")})` : ""
/** Whether an order change moved the approval: any payment naming it carries `data.carriedApprovalId`. */
const carried = (payments: MedusaPayment[]) => payments.some((payment) => payment.carriedApprovalId)

/**
 * What the service captured and refunded for a service order equals the sums of Medusa's
 * captures and refunds over every payment naming it; a canceled order leaves nothing open to
 * capture and nothing captured and not refunded.
 */
export function money({ ledger, medusa }: CheckInput): Violation[] {
  const violations: Violation[] = []
  const captured = groupSum(ledger.captures)
  const refunded = groupSum(ledger.refunds)
  const servicePayments = new Map(ledger.payments.map((payment) => [payment.id, payment]))
  for (const [serviceOrderId, payments] of byServiceOrder(medusa.payments)) {
    const ids = idsOf(serviceOrderId, payments)
    const medusaCaptured = payments.reduce((total, payment) => total + payment.capturedMinor, 0n)
    const medusaRefunded = payments.reduce((total, payment) => total + payment.refundedMinor, 0n)
    const serviceCaptured = captured.get(serviceOrderId) ?? 0n
    const serviceRefunded = refunded.get(serviceOrderId) ?? 0n
    if (serviceCaptured !== medusaCaptured) {
      violations.push({
        rule: "captured-differs",
        message: `the service captured ${major(serviceCaptured)}, Medusa records captures of ${major(medusaCaptured)}${across(payments)}`,
        ...ids,
      })
    }
    if (serviceRefunded !== medusaRefunded) {
      violations.push({
        rule: "refunded-differs",
        message: `the service refunded ${major(serviceRefunded)}, Medusa records refunds of ${major(medusaRefunded)}${across(payments)}`,
        ...ids,
      })
    }
    if (payments.some((payment) => payment.orderStatus === "canceled")) {
      const open = toMinor(servicePayments.get(serviceOrderId)?.openToCaptureAmount.amount)
      const kept = serviceCaptured - serviceRefunded
      if (open !== 0n || kept !== 0n) {
        violations.push({
          rule: "open-after-cancel",
          message: `order ${ids.order} is canceled but the service still has ${major(open)} open to capture and ${major(kept)} captured and not refunded`,
          ...ids,
        })
      }
    }
  }
  return violations
}

/**
 * What the shopper approved is what ships: every order paid later was placed with the goods
 * (SKU, quantity, unit price) of the checkout its consumer approved, as the service keeps them
 * on the payment (`orderDetails.items`); lines without a SKU (the mapping's "Adjustment" line)
 * are not goods. The order as placed is its first version, so an order edited since is checked
 * the same way. Its total: an order never edited is paid exactly the approved `originalAmount`.
 * An order whose approval an order change moved (`carried`) legitimately costs something else;
 * it is checked as: the service never has more open and captured than was approved, and
 * Medusa's live payment asks no more than the approval less what the changes voided of it.
 */
export function approvedGoods({ ledger, medusa }: CheckInput): Violation[] {
  const violations: Violation[] = []
  const servicePayments = new Map(ledger.payments.map((payment) => [payment.id, payment]))
  const line = (sku: string, quantity: number, unitPriceMinor: bigint) => `${sku} x${quantity} at ${major(unitPriceMinor)}`
  for (const [serviceOrderId, payments] of byServiceOrder(medusa.payments)) {
    const service = servicePayments.get(serviceOrderId)
    const placedWith = payments.find((payment) => payment.orderId && payment.orderItems)
    if (!service || !placedWith) continue
    const ids = idsOf(serviceOrderId, payments, service.token)
    const approved = (service.orderDetails?.items ?? [])
      .filter((item) => item.sku)
      .map((item) => line(item.sku!, item.quantity ?? 1, toMinor(item.price?.amount)))
      .sort()
    const placed = placedWith.orderItems!.map((item) => line(item.sku, item.quantity, item.unitPriceMinor)).sort()
    if (approved.join("; ") !== placed.join("; ")) {
      violations.push({
        rule: "order-not-approved",
        message: `order ${ids.order} has ${placed.join("; ") || "no goods"}, the consumer approved ${approved.join("; ") || "no goods"}`,
        ...ids,
      })
    }
    if (!service.originalAmount) continue
    const approvedTotal = toMinor(service.originalAmount.amount)
    if (carried(payments)) {
      violations.push(...beyondCarriedApproval(ledger, service, approvedTotal, payments, ids))
      continue
    }
    for (const payment of payments.filter((candidate) => candidate.orderId)) {
      if (payment.amountMinor !== undefined && payment.amountMinor !== approvedTotal) {
        violations.push({
          rule: "order-not-approved",
          message: `order ${ids.order} is paid ${major(payment.amountMinor)}, the consumer approved ${major(approvedTotal)}`,
          ...ids,
          payment: payment.id,
        })
      }
    }
  }
  return violations
}

function beyondCarriedApproval(
  ledger: LedgerView,
  service: ServicePayment,
  approvedTotal: bigint,
  payments: MedusaPayment[],
  ids: ReturnType<typeof idsOf>,
): Violation[] {
  const violations: Violation[] = []
  const open = toMinor(service.openToCaptureAmount.amount)
  const captured = groupSum(ledger.captures).get(service.id) ?? 0n
  if (open + captured > approvedTotal) {
    violations.push({
      rule: "order-not-approved",
      message: `order ${ids.order} was edited: the service has ${major(open)} open and ${major(captured)} captured, more than the ${major(approvedTotal)} the consumer approved`,
      ...ids,
    })
  }
  // Only the order changes' voids of the difference (requestId `<carried approval>-narrow`): a cancel's void ends the approval, and its payment with it.
  const narrowed = ledger.voids
    .filter((entry) => entry.orderId === service.id && entry.requestId && isNarrowingVoid(entry.requestId))
    .reduce((total, entry) => total + toMinor(entry.amount.amount), 0n)
  const live = payments.filter((payment) => !payment.canceled)
  const asked = live.reduce((total, payment) => total + (payment.amountMinor ?? 0n), 0n)
  if (asked > approvedTotal - narrowed) {
    violations.push({
      rule: "order-not-approved",
      message: `order ${ids.order} was edited: Medusa's live payment asks ${major(asked)}, the consumer approved ${major(approvedTotal)} of which ${major(narrowed)} was voided for the edits`,
      ...ids,
    })
  }
  return violations
}

/**
 * No approval is lost by an order change: an order not canceled whose pay-later payments are
 * all cancelled (none live holds the approval) leaves nothing open at the service, for the
 * approval was either put on a new payment or voided.
 */
export function approvalLost({ ledger, medusa }: CheckInput): Violation[] {
  const violations: Violation[] = []
  const servicePayments = new Map(ledger.payments.map((payment) => [payment.id, payment]))
  for (const [serviceOrderId, payments] of byServiceOrder(medusa.payments)) {
    const service = servicePayments.get(serviceOrderId)
    const order = payments.find((payment) => payment.orderId)
    if (!service || !order || order.orderStatus === "canceled" || payments.some((payment) => !payment.canceled)) continue
    const open = toMinor(service.openToCaptureAmount.amount)
    if (service.status !== "APPROVED" || service.paymentState === "VOIDED" || service.paymentState === "EXPIRED" || open === 0n) continue
    violations.push({
      rule: "approval-lost",
      message: `order ${order.orderId} is not canceled and none of its pay-later payments is live, but the service still has ${major(open)} open on its approval (state ${service.paymentState}), neither held nor voided`,
      ...idsOf(serviceOrderId, payments, service.token),
    })
  }
  return violations
}
