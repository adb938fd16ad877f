import { defineMiddlewares, validateAndTransformBody } from "@medusajs/framework/http"
import { CompleteFindingBody, EmptyBody, refuseQuery, VoidFindingBody } from "./admin/bnpl/validators"
import { replaceSessionDataWithCartSnapshot } from "./store/payment-session-snapshot"

/**
 * The plugin's middlewares. Medusa merges them with its own; this one runs on the standard
 * "create payment session" route, so storefronts keep calling
 * `sdk.store.payment.initiatePaymentSession(cart, { provider_id: "pp_bnpl_bnpl" })`.
 * The admin routes' bodies are checked with zod before the route runs (Medusa answers 400
 * naming the field); every `/admin` route is behind Medusa's admin authentication.
 */
export default defineMiddlewares({
  routes: [
    {
      method: ["POST"],
      matcher: "/store/payment-collections/:id/payment-sessions",
      middlewares: [replaceSessionDataWithCartSnapshot],
    },
    {
      method: ["GET", "POST"],
      matcher: "/admin/bnpl/*",
      middlewares: [refuseQuery],
    },
    {
      method: ["POST"],
      matcher: "/admin/bnpl/payments/:payment_id/*",
      middlewares: [validateAndTransformBody(EmptyBody)],
    },
    {
      method: ["POST"],
      matcher: "/admin/bnpl/accounts/:account_id/limits/refresh",
      middlewares: [validateAndTransformBody(EmptyBody)],
    },
    {
      method: ["POST"],
      matcher: "/admin/bnpl/reconciliation/void",
      middlewares: [validateAndTransformBody(VoidFindingBody)],
    },
    {
      method: ["POST"],
      matcher: "/admin/bnpl/reconciliation/complete",
      middlewares: [validateAndTransformBody(CompleteFindingBody)],
    },
  ],
})
