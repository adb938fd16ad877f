import type { SandboxHandlers } from "../endpoint"
import { errorResult } from "../result"
import { requestReversal } from "../reversal"

/** docs/service-api.md "Reverse Payment By Token": 204, then the order is reversed shortly after; 404 for an unknown token. */
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
