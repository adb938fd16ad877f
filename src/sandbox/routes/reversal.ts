import type { SandboxHandlers } from "../endpoint"
import { errorResult } from "../result"
import { requestReversal } from "../reversal"

/**
 * Reverse Payment By Token, `POST /v2/payments/token:{token}/reversal`, no body
 * (docs/service-api.md): for an Auth or capture whose answer was lost. 204 with an
 * empty body; the order made from the token, if any, is voided or refunded in full shortly
 * after (see reversal.ts), and the checkout can no longer be used. Asking again is harmless.
 * 404 `not_found` for a token the account never created.
 */
export const reversalHandlers = {
  "Reverse Payment By Token": ({ store, params: { token }, account, idempotent }) =>
    idempotent(undefined, () => {
      if (!store.checkoutOf(account.merchantId, token)) {
        return errorResult(404, "not_found", `No checkout token ${token}`)
      }
      requestReversal(store, account.merchantId, token)
      return { status: 204 }
    }),
} satisfies Partial<SandboxHandlers>
