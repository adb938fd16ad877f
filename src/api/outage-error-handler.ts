import { errorHandler, type MedusaNextFunction, type MedusaRequest, type MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { dependencyOutage } from "../runtime/infrastructure/dependency-outage"
import type { LoggerLike } from "../runtime/infrastructure/shared-types"
import { isServiceGatewayError } from "./service-gateway-error"

/** Seconds a client is asked to wait before trying again: outages of a restart last about this long. */
export const OUTAGE_RETRY_AFTER_SECONDS = 30

/**
 * Medusa's error handler, except that an outage of PostgreSQL or Redis, or a money record or lock the plugin could not
 * have, answers 503 with `Retry-After` and a `code` (docs/operations.md "Outages of PostgreSQL, Redis and the service"),
 * and a `ServiceGatewayError` 502. Medusa keeps one handler per app: an app's own replaces this one.
 */
export function outageErrorHandler() {
  const medusa = errorHandler()
  return function bnplOutageErrorHandler(error: unknown, req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction): void {
    const outage = dependencyOutage(error)
    if (!outage && isServiceGatewayError(error) && !res.headersSent) {
      res.status(502).json({ type: "bad_gateway", code: error.code, message: error.message })
      return
    }
    if (!outage || res.headersSent) {
      medusa(error, req, res, next)
      return
    }
    const logger = req.scope?.resolve<LoggerLike>(ContainerRegistrationKeys.LOGGER, { allowUnregistered: true })
    // One line, no stack: the outage is the news, and it repeats for every request while it lasts.
    logger?.warn?.(
      `medusa-payment-bnpl: ${req.method} ${req.path} answered 503 ${outage.code}: ${(error as Error)?.message ?? String(error)}`,
    )
    res.setHeader("Retry-After", String(OUTAGE_RETRY_AFTER_SECONDS))
    res.status(503).json({ type: "unavailable", code: outage.code, message: outage.message })
  }
}
