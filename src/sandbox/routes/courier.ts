import { isoTimestamp } from "../clock"
import type { SandboxHandlers } from "../endpoint"
import { courierInUtc, paymentBody } from "../payment-lifecycle"
import { errorResult, jsonResult } from "../result"

/**
 * docs/service-api.md "Update Shipping Courier". The document lists no state check, so any existing
 * order, expired or voided too, accepts courier details.
 */
export const courierHandlers = {
  "Update Shipping Courier": ({ store, params, account, request, idempotent }) => {
    const courier = courierInUtc(request)
    return idempotent(undefined, () => {
      const payment = store.paymentOf(account.merchantId, params.orderId)
      if (!payment) return errorResult(412, "precondition_failed", `No payment ${params.orderId}`)
      payment.orderDetails.courier = { ...payment.orderDetails.courier, ...courier }
      store.ledger.courierUpdates.push({
        merchantId: account.merchantId,
        orderId: payment.id,
        courier,
        at: isoTimestamp(store.clock.nowMs()),
      })
      return jsonResult(200, paymentBody(payment))
    })
  },
} satisfies Partial<SandboxHandlers>
