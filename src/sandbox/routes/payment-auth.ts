import type { SandboxHandlers } from "../endpoint"
import { orderFromCheckout } from "../order-from-checkout"

/** docs/service-api.md "Auth"; an express checkout needs the approved `amount`. Idempotent on `requestId`. */
export const paymentAuthHandlers = {
  Auth: ({ store, account, request, idempotent }) =>
    idempotent(request.requestId, () => orderFromCheckout(store, account, request, "auth")),
} satisfies Partial<SandboxHandlers>
