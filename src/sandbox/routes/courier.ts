import { isoTimestamp } from "../clock"
import type { SandboxHandlers } from "../endpoint"
import { courierInUtc, paymentBody } from "../payment-lifecycle"
import { errorResult, jsonResult } from "../result"

/**
 * Update Shipping Courier, `PUT /v2/payments/{orderId}/courier` (docs/service-api.md "Update Shipping Courier"): merges the fields into the order's courier and answers 200 with the
 * Payment; 412 `precondition_failed` for an unknown order, 422 `invalid_object` for a bad
 * `shippedAt` or `priority`. The document lists no state check, so any existing order
 * (also an expired or voided one) accepts courier details. `shippedAt` is kept and answered
 * in UTC with milliseconds, as the real service does (docs/service-api.md).
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
