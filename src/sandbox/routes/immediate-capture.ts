import type { SandboxHandlers } from "../endpoint"
import { orderFromCheckout } from "../order-from-checkout"
import { errorResult } from "../result"

/**
 * Immediate Payment Capture, `POST /v2/payments/capture` (api-beyond-the-document.md
 * "Deferred capture, void"): authorises and captures the whole amount of a confirmed checkout
 * in one call. 201 with the Payment, APPROVED / CAPTURED or DECLINED / CAPTURE_DECLINED; the
 * same errors as Auth. An `amount`, when sent, must be the checkout's (422 `invalid_amount`,
 * or `invalid_object` for another currency). Idempotent on `requestId`.
 */
export const immediateCaptureHandlers = {
  "Immediate Payment Capture": ({ store, account, request, idempotent }) =>
    idempotent(request.requestId, () => {
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
    }),
} satisfies Partial<SandboxHandlers>
