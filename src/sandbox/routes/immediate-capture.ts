import type { SandboxHandlers } from "../endpoint"
import { orderFromCheckout } from "../order-from-checkout"

/** docs/service-api.md "Immediate Payment Capture": the same errors as Auth; idempotent on `requestId`. */
export const immediateCaptureHandlers = {
  "Immediate Payment Capture": ({ store, account, request, idempotent }) =>
    idempotent(request.requestId, () => orderFromCheckout(store, account, request, "capture")),
} satisfies Partial<SandboxHandlers>
