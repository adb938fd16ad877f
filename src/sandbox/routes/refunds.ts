import { minorUnitsToApiAmount, minorUnitsToMoney } from "../../client/money"
import { isoTimestamp } from "../clock"
import type { SandboxHandlers } from "../endpoint"
import type { RefundBody } from "../payment-lifecycle"
import { errorResult, jsonResult, type EndpointResult } from "../result"
import { REFUND_TIME_LIMIT_MS } from "../rules"
import { amountForPayment } from "./payment-checks"

/** An unknown order's refund: 412 as the document says, or with `preferRecordings` the recorded 404. */
function unknownOrder(preferRecordings: boolean, orderId: string): EndpointResult {
  return preferRecordings
    ? errorResult(404, "not_found", `No payment ${orderId}`)
    : errorResult(412, "precondition_failed", `No payment ${orderId}`)
}

/**
 * docs/service-api.md "Create Refund": only captured funds, idempotent only with both `requestId` and
 * `merchantReference`, refused after 120 days.
 */
export const refundHandlers = {
  "Create Refund": ({ store, params, account, request, idempotent }) => {
    const idempotencyKey =
      request.requestId !== undefined && request.merchantReference !== undefined
        ? `${request.requestId}\u0000${request.merchantReference}`
        : undefined
    return idempotent(idempotencyKey, () => {
      const payment = store.paymentOf(account.merchantId, params.orderId)
      if (!payment) return unknownOrder(store.settings.preferRecordings, params.orderId)
      if (payment.status === "DECLINED") {
        return errorResult(412, "precondition_failed", `Payment ${payment.id} was declined and cannot be refunded`)
      }
      if (payment.capturedMinor === 0n && (payment.paymentState === "VOIDED" || payment.paymentState === "EXPIRED")) {
        return errorResult(412, "precondition_failed", `Payment ${payment.id} is ${payment.paymentState} with nothing captured`)
      }
      const nowMs = store.clock.nowMs()
      if (nowMs - payment.createdAtMs > REFUND_TIME_LIMIT_MS) {
        return errorResult(422, "refund_timelimit_exceeded", "Refunds are refused 120 days after the payment")
      }
      const amount = amountForPayment(payment, request.amount)
      const refundable = payment.capturedMinor - payment.refundedMinor
      if (amount > refundable) {
        return errorResult(
          422,
          "invalid_amount",
          `amount ${request.amount.amount} exceeds the captured amount not yet refunded, ${minorUnitsToApiAmount(refundable)}`,
        )
      }
      payment.refundedMinor += amount
      const refund: RefundBody = {
        ...request,
        amount: minorUnitsToMoney(amount, payment.currency),
        refundId: store.newRefundId(),
        refundedAt: isoTimestamp(nowMs),
      }
      payment.refunds.push(refund)
      store.ledger.refunds.push({
        merchantId: account.merchantId,
        orderId: payment.id,
        refundId: refund.refundId,
        ...(request.requestId === undefined ? {} : { requestId: request.requestId }),
        ...(request.merchantReference === undefined ? {} : { merchantReference: request.merchantReference }),
        ...(request.refundMerchantReference === undefined ? {} : { refundMerchantReference: request.refundMerchantReference }),
        amount: refund.amount,
        at: refund.refundedAt,
      })
      return jsonResult(201, refund)
    })
  },
} satisfies Partial<SandboxHandlers>
