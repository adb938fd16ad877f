import { defineMiddlewares } from "@medusajs/framework/http"
import { replaceSessionDataWithCartSnapshot } from "./store/payment-session-snapshot"
import { validateLimitsQuery } from "./store/bnpl/limits/query"

/**
 * The plugin's middlewares. Medusa merges them with its own; this one runs on the standard
 * "create payment session" route, so storefronts keep calling
 * `sdk.store.payment.initiatePaymentSession(cart, { provider_id: "pp_bnpl_bnpl" })`.
 */
export default defineMiddlewares({
  routes: [
    {
      method: ["POST"],
      matcher: "/store/payment-collections/:id/payment-sessions",
      middlewares: [replaceSessionDataWithCartSnapshot],
    },
    {
      method: ["GET"],
      matcher: "/store/bnpl/limits",
      middlewares: [validateLimitsQuery],
    },
  ],
})
