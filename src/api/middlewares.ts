import { defineMiddlewares } from "@medusajs/framework/http"
import {
  emptyBodySchema,
  emptyQuerySchema,
  eligibilityQuerySchema,
  expressCompleteBodySchema,
  expressStartBodySchema,
  paymentLinkQuerySchema,
  popupAddressSchema,
} from "./request-schemas"
import { refuseChangedCart } from "./store/cart-complete-guard"
import { refuseCaptureOfExpiredPayment } from "./admin/expired-capture-guard"
import { captureWhatIsOpenOfPartlyCaptured } from "./admin/medusa-capture-of-partly-captured"
import { refuseUnmovableMoneyInput } from "./admin/money-input-guard"
import {
  AccountSettingsBody,
  CompleteFindingBody,
  EmptyBody,
  HealthQuery,
  MoneyRecordsQuery,
  RefundBody,
  refuseQuery,
  VoidFindingBody,
} from "./admin/bnpl/validators"
import { replaceSessionDataWithCartSnapshot } from "./store/payment-session-snapshot"
import { validateBody, validateQuery } from "./validate-request"
import { validateLimitsQuery } from "./store/bnpl/limits/query"
import { jsonBodyOnly, sameSiteJsonOnly } from "./same-site-json"
import { outageErrorHandler } from "./outage-error-handler"

/** The plugin's middlewares, merged with Medusa's; every route parses its input first (docs/security.md "Who can reach what"). */
export default defineMiddlewares({
  errorHandler: outageErrorHandler(),
  routes: [
    {
      // Listed first so that it runs before any other of the plugin's admin middlewares.
      method: ["POST"],
      matcher: "/admin/bnpl/*",
      middlewares: [sameSiteJsonOnly],
    },
    {
      method: ["POST"],
      matcher: "/store/payment-collections/:id/payment-sessions",
      middlewares: [replaceSessionDataWithCartSnapshot],
    },
    {
      method: ["POST"],
      matcher: "/store/carts/:id/complete",
      middlewares: [refuseChangedCart],
    },
    {
      method: ["POST"],
      matcher: "/admin/payments/:id/capture",
      middlewares: [refuseUnmovableMoneyInput, refuseCaptureOfExpiredPayment, captureWhatIsOpenOfPartlyCaptured],
    },
    {
      method: ["POST"],
      matcher: "/admin/payments/:id/refund",
      middlewares: [refuseUnmovableMoneyInput],
    },
    {
      method: ["GET"],
      matcher: "/store/bnpl/eligibility",
      middlewares: [validateQuery(eligibilityQuerySchema)],
    },
    {
      method: ["POST"],
      matcher: "/store/bnpl/carts/:id/express",
      middlewares: [jsonBodyOnly, validateQuery(emptyQuerySchema), validateBody(expressStartBodySchema)],
    },
    {
      method: ["POST"],
      matcher: "/store/bnpl/carts/:id/express/shipping-options",
      middlewares: [jsonBodyOnly, validateQuery(emptyQuerySchema), validateBody(popupAddressSchema)],
    },
    {
      method: ["POST"],
      matcher: "/store/bnpl/carts/:id/express/complete",
      middlewares: [jsonBodyOnly, validateQuery(emptyQuerySchema), validateBody(expressCompleteBodySchema)],
    },
    {
      method: ["GET"],
      matcher: "/store/bnpl/payment-collections/:id",
      middlewares: [validateQuery(paymentLinkQuerySchema)],
    },
    {
      method: ["GET"],
      matcher: "/admin/bnpl/status",
      middlewares: [validateQuery(emptyQuerySchema)],
    },
    {
      method: ["POST"],
      matcher: "/admin/bnpl/configuration/refresh",
      middlewares: [validateQuery(emptyQuerySchema), validateBody(emptyBodySchema)],
    },
    {
      method: ["GET"],
      matcher: "/store/bnpl/limits",
      middlewares: [validateLimitsQuery],
    },
    {
      method: ["GET", "POST"],
      matcher: "/admin/bnpl/*",
      middlewares: [refuseQuery],
    },
    {
      method: ["GET"],
      matcher: "/admin/bnpl/health",
      middlewares: [validateQuery(HealthQuery)],
    },
    {
      method: ["GET"],
      matcher: "/admin/bnpl/money-records.csv",
      middlewares: [validateQuery(MoneyRecordsQuery)],
    },
    ...["refresh", "capture-rest", "void-rest"].map((action) => ({
      method: ["POST" as const],
      matcher: `/admin/bnpl/payments/:payment_id/${action}`,
      middlewares: [validateBody(EmptyBody)],
    })),
    {
      method: ["POST"],
      matcher: "/admin/bnpl/payments/:payment_id/refund",
      middlewares: [validateBody(RefundBody)],
    },
    {
      method: ["POST"],
      matcher: "/admin/bnpl/accounts/:account_id/limits/refresh",
      middlewares: [validateBody(EmptyBody)],
    },
    {
      method: ["POST"],
      matcher: "/admin/bnpl/accounts/:account_id/settings",
      middlewares: [validateBody(AccountSettingsBody)],
    },
    {
      method: ["POST"],
      matcher: "/admin/bnpl/accounts/:account_id/test-connection",
      middlewares: [validateBody(EmptyBody)],
    },
    {
      method: ["POST"],
      matcher: "/admin/bnpl/reconciliation/void",
      middlewares: [validateBody(VoidFindingBody)],
    },
    {
      method: ["POST"],
      matcher: "/admin/bnpl/reconciliation/complete",
      middlewares: [validateBody(CompleteFindingBody)],
    },
  ],
})
