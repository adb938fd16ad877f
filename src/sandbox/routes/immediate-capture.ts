import { Router } from "express"
import { endpoint } from "../endpoint"
import { orderFromCheckout } from "../order-from-checkout"
import { serviceImmediateCaptureSchema } from "../request-schemas"
import { errorResult } from "../result"
import type { SandboxStore } from "../state"

/**
 * Immediate Payment Capture, `POST /v2/payments/capture` (api-beyond-the-document.md
 * "Deferred capture, void"): authorises and captures the whole amount of a confirmed checkout
 * in one call. 201 with the Payment, APPROVED / CAPTURED or DECLINED / CAPTURE_DECLINED; the
 * same errors as Auth. An `amount`, when sent, must be the checkout's (422 `invalid_amount`,
 * or `invalid_object` for another currency). Idempotent on `requestId`.
 */
export function immediateCaptureRoutes(store: SandboxStore): Router {
  const router = Router()
  router.post(
    "/v2/payments/capture",
    endpoint(store, {
      name: "immediateCapture",
      successStatus: 201,
      access: "merchant",
      jsonBody: true,
      handle: ({ account, parseBody, idempotent }) => {
        const request = parseBody(serviceImmediateCaptureSchema)
        return idempotent(request.requestId, () => {
          const checkout = store.checkoutOf(account.merchantId, request.token)
          if (checkout && request.amount) {
            const expected = checkout.request.amount
            if (request.amount.currency !== expected.currency) {
              return errorResult(422, "invalid_object", `amount.currency ${request.amount.currency} differs from the checkout's ${expected.currency}`)
            }
            if (request.amount.amount !== expected.amount) {
              return errorResult(422, "invalid_amount", `amount ${request.amount.amount} is not the checkout's amount ${expected.amount}`)
            }
          }
          return orderFromCheckout(store, account, request, "capture")
        })
      },
    })
  )
  return router
}
