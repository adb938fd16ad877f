import { Router } from "express"
import { endpoint } from "../endpoint"
import { errorResult } from "../result"
import { requestReversal } from "../reversal"
import type { SandboxStore } from "../state"

/**
 * Reverse Payment By Token, `POST /v2/payments/token:{token}/reversal`, no body
 * (api-beyond-the-document.md): for an Auth or capture whose answer was lost. 204 with an
 * empty body; the order made from the token, if any, is voided or refunded in full shortly
 * after (see reversal.ts), and the checkout can no longer be used. Asking again is harmless.
 * 404 `not_found` for a token the account never created.
 */
export function reversalRoutes(store: SandboxStore): Router {
  const router = Router()
  router.post(
    "/v2/payments/:reference/reversal",
    endpoint(store, {
      name: "reversal",
      successStatus: 204,
      access: "merchant",
      jsonBody: false,
      handle: ({ req, account, idempotent }) => {
        const reference = req.params.reference
        if (!reference.startsWith("token:")) {
          return errorResult(404, "not_found", `No route POST ${req.path}: reversal is by token, /v2/payments/token:{token}/reversal`)
        }
        const token = reference.slice("token:".length)
        return idempotent(undefined, () => {
          if (!store.checkoutOf(account.merchantId, token)) {
            return errorResult(404, "not_found", `No checkout token ${token}`)
          }
          requestReversal(store, account.merchantId, token)
          return { status: 204 }
        })
      },
    })
  )
  return router
}
