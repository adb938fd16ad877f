import { errorHandler, type MedusaNextFunction, type MedusaRequest, type MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { dependencyOutage } from "../runtime/infrastructure/dependency-outage"
import type { LoggerLike } from "../runtime/infrastructure/shared-types"
import { isServiceGatewayError } from "./service-gateway-error"

/** Seconds a client is asked to wait before trying again: outages of a restart last about this long. */
export const OUTAGE_RETRY_AFTER_SECONDS = 30

/**
 * The store's error handler with one addition (docs/operations.md "Outages"): an error that
 * means PostgreSQL or Redis is away, or that the plugin could not write its money record or
 * take the payment's lock, answers `503` with `Retry-After` and
 * `{ type: "unavailable", code, message }` (`database_unavailable`, `redis_unavailable`,
 * `records_unavailable`, `lock_unavailable`), instead of Medusa's 500 "An unknown error
 * occurred.": the shopper or admin learns that trying again later is the fix, and a storefront
 * can branch on the code. A refusal of the payment service (api/service-gateway-error.ts) answers
 * `502` with its message. Every other error goes to Medusa's own handler unchanged. Medusa keeps
 * one error handler per app, the last one loaded: an app that sets its own in
 * `src/api/middlewares.ts` replaces this one.
 */
export function outageErrorHandler() {
  const medusa = errorHandler()
  return function bnplOutageErrorHandler(error: unknown, req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction): void {
    const outage = dependencyOutage(error)
    if (!outage && isServiceGatewayError(error) && !res.headersSent) {
      // The service refused or did not answer (service-gateway-error.ts): 502, with what it did.
      res.status(502).json({ type: "bad_gateway", code: error.code, message: error.message })
      return
    }
    if (!outage || res.headersSent) return medusa(error, req, res, next)
    const logger = req.scope?.resolve<LoggerLike>(ContainerRegistrationKeys.LOGGER, { allowUnregistered: true })
    // One line, no stack: the outage is the news, and it repeats for every request while it lasts.
    logger?.warn?.(`medusa-payment-bnpl: ${req.method} ${req.path} answered 503 ${outage.code}: ${(error as Error)?.message ?? String(error)}`)
    res.setHeader("Retry-After", String(OUTAGE_RETRY_AFTER_SECONDS))
    res.status(503).json({ type: "unavailable", code: outage.code, message: outage.message })
  }
}
