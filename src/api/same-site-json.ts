import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, parseCorsOrigins } from "@medusajs/framework/utils"

/** The guard's refusal: Medusa's error shape with a status. */
export type AdminPostRefusal = { status: 403 | 415; body: { type: "forbidden" | "invalid_data"; message: string } }

/** The headers the guard reads, lower-case as Node gives them. */
export interface AdminPostHeaders {
  origin?: string
  host?: string
  "x-forwarded-host"?: string
  "sec-fetch-site"?: string
  "content-type"?: string
  "content-length"?: string
  "transfer-encoding"?: string
}

const JSON_CONTENT_TYPE = /^application\/json\s*(;|$)/i

/**
 * Whether `origin` may drive the admin: the request's own host (`Host` or `X-Forwarded-Host`) or an `adminCors` origin,
 * matched as Medusa's CORS does (`*` is no wildcard). An opaque `null` origin is foreign.
 */
export function isAdminOrigin(origin: string, headers: AdminPostHeaders, adminCors: Array<string | RegExp>): boolean {
  let parsed: URL
  try {
    parsed = new URL(origin)
  } catch {
    return false
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return false
  const ownHosts = [headers.host, headers["x-forwarded-host"]?.split(",")[0]]
    .filter((host): host is string => !!host)
    .map((host) => host.trim().toLowerCase())
  if (ownHosts.includes(parsed.host.toLowerCase())) return true
  return adminCors.some((allowed) => (typeof allowed === "string" ? allowed.replace(/\/+$/, "") === parsed.origin : allowed.test(origin)))
}

/** 403 for a cross-site request, 415 for a body that is not JSON, undefined to let it through. */
export function refuseAdminPost(headers: AdminPostHeaders, adminCors: Array<string | RegExp>): AdminPostRefusal | undefined {
  const origin = headers.origin
  if (origin !== undefined) {
    if (!isAdminOrigin(origin, headers, adminCors)) {
      return forbidden("refuse requests from another site: the Origin is neither this server nor one of adminCors")
    }
  } else if (headers["sec-fetch-site"] !== undefined && !["same-origin", "none"].includes(headers["sec-fetch-site"])) {
    // Browsers send Origin on every POST; without it, Sec-Fetch-Site is the only word on where the page was.
    return forbidden("refuse requests from another site (Sec-Fetch-Site without an Origin of this server)")
  }
  if (!isJsonOrNoBody(headers)) {
    return {
      status: 415,
      body: { type: "invalid_data", message: "The pay later admin routes take application/json bodies only (or no body)." },
    }
  }
  return undefined
}

/** Whether a request's body (if any) is `application/json`: forms and `text/plain` are not. */
export function isJsonOrNoBody(headers: Pick<AdminPostHeaders, "content-type" | "content-length" | "transfer-encoding">): boolean {
  const contentType = headers["content-type"]
  const hasBody =
    headers["transfer-encoding"] !== undefined || (headers["content-length"] !== undefined && headers["content-length"] !== "0")
  return !(hasBody || contentType !== undefined) || JSON_CONTENT_TYPE.test(contentType ?? "")
}

/** JSON bodies only on the store POST routes: a page can send a form to any site without a CORS preflight. 415 otherwise. */
export function jsonBodyOnly(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction): void {
  if (isJsonOrNoBody(req.headers as AdminPostHeaders)) {
    next()
    return
  }
  res.status(415).json({ type: "invalid_data", message: "This route takes application/json bodies only." })
}

function forbidden(reason: string): AdminPostRefusal {
  return { status: 403, body: { type: "forbidden", message: `The pay later admin routes ${reason}.` } }
}

/**
 * Middleware for every POST under `/admin/bnpl/*`: these move money, and outside production Medusa's session cookie has
 * no `SameSite` and Medusa parses forms, so a cross-site form would pass as the admin. Answers 403 or 415 itself (Medusa's
 * error handler has no 415) (docs/security.md "Admin actions: JSON only, from the admin's own site").
 */
export function sameSiteJsonOnly(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction): void {
  const refusal = refuseAdminPost(req.headers as AdminPostHeaders, adminCorsOrigins(req))
  if (!refusal) {
    next()
    return
  }
  res.status(refusal.status).json(refusal.body)
}

function adminCorsOrigins(req: MedusaRequest): Array<string | RegExp> {
  const config = req.scope.resolve(ContainerRegistrationKeys.CONFIG_MODULE) as { projectConfig?: { http?: { adminCors?: string } } }
  return parseCorsOrigins(config.projectConfig?.http?.adminCors ?? "")
}
