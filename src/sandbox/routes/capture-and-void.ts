import { minorUnitsToMoney, minorUnitsToApiAmount } from "../../client/money"
import { isoTimestamp } from "../clock"
import type { MerchantContext, SandboxHandlers } from "../endpoint"
import type { EndpointResult } from "../result"
import type { StoredPayment } from "../payment-lifecycle"
import { paymentBody, stateAfterOpenAmountChanged, voidOpenAmount } from "../payment-lifecycle"
import { errorResult, jsonResult } from "../result"
import { amountForPayment, refusalForClosedPayment } from "./payment-checks"

/**
 * docs/service-api.md "Endpoints beyond the document": capture and void, idempotent with a `requestId`.
 * A void with no body at all, as the official SDK sends it, voids everything still open.
 */
export const captureAndVoidHandlers = {
  "Capture Payment": (context) =>
    onOpenPayment(context, (payment) => {
      const { store, request, account } = context
      const amount = amountForPayment(payment, request.amount)
      if (amount > payment.openToCaptureMinor) {
        return errorResult(
          422,
          "invalid_amount",
          `amount ${request.amount.amount} exceeds the amount open to capture, ${minorUnitsToApiAmount(payment.openToCaptureMinor)}`,
        )
      }
      const nowMs = store.clock.nowMs()
      payment.openToCaptureMinor -= amount
      payment.capturedMinor += amount
      payment.paymentState = stateAfterOpenAmountChanged(payment)
      if (request.merchantReference !== undefined) payment.merchantReference = request.merchantReference
      payment.events.push({
        id: store.newEventId(),
        createdAtMs: nowMs,
        type: "CAPTURED",
        amountMinor: amount,
        ...(request.paymentEventMerchantReference === undefined
          ? {}
          : { paymentEventMerchantReference: request.paymentEventMerchantReference }),
      })
      store.ledger.captures.push({
        merchantId: account.merchantId,
        orderId: payment.id,
        ...(request.requestId === undefined ? {} : { requestId: request.requestId }),
        amount: minorUnitsToMoney(amount, payment.currency),
        ...(request.paymentEventMerchantReference === undefined
          ? {}
          : { paymentEventMerchantReference: request.paymentEventMerchantReference }),
        at: isoTimestamp(nowMs),
      })
      return jsonResult(201, paymentBody(payment))
    }),

  "Void Payment": (context) =>
    onOpenPayment(context, (payment) => {
      const { store, request, account } = context
      const amount = request.amount ? amountForPayment(payment, request.amount) : payment.openToCaptureMinor
      if (amount > payment.openToCaptureMinor) {
        return errorResult(
          422,
          "invalid_amount",
          `amount ${request.amount?.amount} exceeds the amount open to capture, ${minorUnitsToApiAmount(payment.openToCaptureMinor)}`,
        )
      }
      const nowMs = store.clock.nowMs()
      voidOpenAmount(payment, amount, {
        nowMs,
        eventId: store.newEventId(),
        refundId: store.newRefundId(),
        requestId: request.requestId,
      })
      store.ledger.voids.push({
        merchantId: account.merchantId,
        orderId: payment.id,
        ...(request.requestId === undefined ? {} : { requestId: request.requestId }),
        amount: minorUnitsToMoney(amount, payment.currency),
        at: isoTimestamp(nowMs),
      })
      return jsonResult(201, paymentBody(payment))
    }),
} satisfies Partial<SandboxHandlers>

/** Once per `requestId`, on this account's payment of the path's `orderId`; refused when it is closed. */
function onOpenPayment(
  context: MerchantContext<"Capture Payment"> | MerchantContext<"Void Payment">,
  apply: (payment: StoredPayment) => EndpointResult,
): Promise<EndpointResult> {
  const { store, params, account, request, idempotent } = context
  return idempotent(request?.requestId, () => {
    const payment = store.paymentOf(account.merchantId, params.orderId)
    if (!payment) return errorResult(404, "not_found", `No payment ${params.orderId}`)
    return refusalForClosedPayment(payment) ?? apply(payment)
  })
}
