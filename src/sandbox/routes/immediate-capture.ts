import type { SandboxHandlers } from "../endpoint"
import { orderFromCheckout } from "../order-from-checkout"

/**
 * Immediate Payment Capture, `POST /v2/payments/capture` (docs/service-api.md
 * "Immediate Payment Capture"): authorises and captures the whole amount of a confirmed checkout
 * in one call. 201 with the Payment, APPROVED / CAPTURED or DECLINED / CAPTURE_DECLINED; the
 * same errors as Auth. An `amount`, when sent, must be the checkout's (422 `invalid_amount`,
 * or `invalid_object` for another currency); an express checkout requires it, as Auth does
 * (approved-amount.ts). Idempotent on `requestId`.
 */
export const immediateCaptureHandlers = {
  "Immediate Payment Capture": ({ store, account, request, idempotent }) =>
    idempotent(request.requestId, () => orderFromCheckout(store, account, request, "capture")),
} satisfies Partial<SandboxHandlers>
