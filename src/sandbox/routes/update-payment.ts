import { isoTimestamp } from "../clock"
import type { SandboxHandlers } from "../endpoint"
import { paymentBody } from "../payment-lifecycle"
import { errorResult, jsonResult } from "../result"

/** docs/service-api.md "Update Payment". */
export const updatePaymentHandlers = {
  "Update Payment": ({ store, params, account, request, idempotent }) =>
    idempotent(undefined, () => {
      const payment = store.paymentOf(account.merchantId, params.orderId)
      if (!payment) return errorResult(404, "not_found", `No payment ${params.orderId}`)
      payment.merchantReference = request.merchantReference
      store.ledger.paymentUpdates.push({
        merchantId: account.merchantId,
        orderId: payment.id,
        merchantReference: request.merchantReference,
        at: isoTimestamp(store.clock.nowMs()),
      })
      return jsonResult(200, paymentBody(payment))
    }),
} satisfies Partial<SandboxHandlers>
