import { Router } from "express"
import { isoTimestamp } from "../clock"
import { endpoint } from "../endpoint"
import { paymentBody } from "../payment-lifecycle"
import { serviceUpdatePaymentSchema } from "../request-schemas"
import { errorResult, jsonResult } from "../result"
import type { SandboxStore } from "../state"

/**
 * Update Payment, `PUT /v2/payments/{orderId}` with `{ merchantReference }`
 * (api-beyond-the-document.md): gives the payment a new merchant reference; 200 with the
 * Payment. 404 `not_found` for an unknown payment, 422 `invalid_object` for a missing or
 * over-long (128) merchantReference.
 */
export function updatePaymentRoutes(store: SandboxStore): Router {
  const router = Router()
  router.put(
    "/v2/payments/:orderId",
    endpoint(store, {
      name: "updatePayment",
      successStatus: 200,
      access: "merchant",
      jsonBody: true,
      handle: ({ req, account, parseBody, idempotent }) => {
        const request = parseBody(serviceUpdatePaymentSchema)
        return idempotent(undefined, () => {
          const payment = store.paymentOf(account.merchantId, req.params.orderId)
          if (!payment) return errorResult(404, "not_found", `No payment ${req.params.orderId}`)
          payment.merchantReference = request.merchantReference
          store.ledger.paymentUpdates.push({
            merchantId: account.merchantId,
            orderId: payment.id,
            merchantReference: request.merchantReference,
            at: isoTimestamp(store.clock.nowMs()),
          })
          return jsonResult(200, paymentBody(payment))
        })
      },
    })
  )
  return router
}
