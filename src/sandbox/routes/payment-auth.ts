import type { SandboxHandlers } from "../endpoint"
import { orderFromCheckout } from "../order-from-checkout"

/**
 * Auth, `POST /v2/payments/auth` (docs/service-api.md "Auth" and "States and transitions"):
 * turns a confirmed checkout into a payment. 201 APPROVED with an AUTH_APPROVED event that
 * expires 13 days later; 402 DECLINED when the consumer took the "will be declined" path;
 * 402 `invalid_token` for an unknown, expired or already used token; 412
 * `invalid_order_transaction_status` before the consumer confirmed; 422 `invalid_object`
 * for a missing token. An express checkout needs `amount`, the amount the consumer approved
 * (422 `invalid_object` / `invalid_amount`, approved-amount.ts); a standard one ignores it.
 * Idempotent on `requestId`.
 */
export const paymentAuthHandlers = {
  Auth: ({ store, account, request, idempotent }) =>
    idempotent(request.requestId, () => orderFromCheckout(store, account, request, "auth")),
} satisfies Partial<SandboxHandlers>
