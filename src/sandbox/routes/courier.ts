import { Router } from "express"
import { serviceCourierSchema } from "../request-schemas"
import { isoTimestamp } from "../clock"
import { endpoint } from "../endpoint"
import { courierInUtc, paymentBody } from "../payment-lifecycle"
import { errorResult, jsonResult } from "../result"
import type { SandboxStore } from "../state"

/**
 * Update Shipping Courier, `PUT /v2/payments/{orderId}/courier` (merchant-api-v2.md "Update
 * Shipping Courier"): merges the fields into the order's courier and answers 200 with the
 * Payment; 412 `precondition_failed` for an unknown order, 422 `invalid_object` for a bad
 * `shippedAt` or `priority`. The document lists no state check, so any existing order
 * (also an expired or voided one) accepts courier details. `shippedAt` is kept and answered
 * in UTC with milliseconds, as the real service does (api-beyond-the-document.md).
 */
export function courierRoutes(store: SandboxStore): Router {
  const router = Router()
  router.put(
    "/v2/payments/:orderId/courier",
    endpoint(store, {
      name: "courier",
      successStatus: 200,
      access: "merchant",
      jsonBody: true,
      handle: ({ req, account, parseBody, idempotent }) => {
        const courier = courierInUtc(parseBody(serviceCourierSchema))
        return idempotent(undefined, () => {
          const payment = store.paymentOf(account.merchantId, req.params.orderId)
          if (!payment) return errorResult(412, "precondition_failed", `No payment ${req.params.orderId}`)
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
    })
  )
  return router
}
