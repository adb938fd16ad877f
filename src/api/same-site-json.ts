import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, parseCorsOrigins } from "@medusajs/framework/utils"

/** What the guard decided: nothing to say (pass), or Medusa's error shape with a status. */
export type AdminPostRefusal = { status: 403 | 415; body: { type: "forbidden" | "invalid_data"; message: string } }

/** The request headers the guard reads, as Node gives them (lower-case names). */
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
 * Whether a browser's `Origin` may drive the admin: the request's own host (as the browser
 * addressed it, `Host`, or `X-Forwarded-Host` behind the one proxy Medusa trusts), or one of
 * Medusa's `projectConfig.http.adminCors` origins (strings compared exactly, `/regex/`
 * entries tested, as Medusa's CORS middleware does). `*` in `adminCors` is not a wildcard
 * here, nor in Medusa's CORS (it compares `"*"` as a string). An opaque origin (`null`:
 * sandboxed frames, some redirects) is foreign.
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

/**
 * The decision, without Express: 403 for a cross-site request, 415 for a body that is not
 * JSON, undefined to let the request through. Pure, so it is unit-tested on its own.
 */
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
  const hasBody = headers["transfer-encoding"] !== undefined || (headers["content-length"] !== undefined && headers["content-length"] !== "0")
  return !(hasBody || contentType !== undefined) || JSON_CONTENT_TYPE.test(contentType ?? "")
}

/**
 * Middleware for the plugin's store POST routes that take a body (the express routes): JSON
 * only. A form body would reach the route's schema as strings too, and a page can send one
 * to any site without a CORS preflight. 415 `{ type: "invalid_data", message }`.
 */
export function jsonBodyOnly(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction): void {
  if (isJsonOrNoBody(req.headers as AdminPostHeaders)) return next()
  res.status(415).json({ type: "invalid_data", message: "This route takes application/json bodies only." })
}

function forbidden(reason: string): AdminPostRefusal {
  return { status: 403, body: { type: "forbidden", message: `The pay later admin routes ${reason}.` } }
}

/**
 * Middleware for every POST under `/admin/bnpl/*`, in every environment: the plugin's admin
 * actions move money (capture the rest, void the rest, void a finding), so a web page the
 * admin happens to have open must not be able to trigger them with the admin's cookie.
 * Outside production Medusa's session cookie has no `SameSite` and Medusa parses form bodies,
 * so a cross-site `<form method=post>` would otherwise carry the session and pass as an admin.
 *
 * - 403 `{ type: "forbidden", message }` when the `Origin` is neither the request's own host
 *   nor one of Medusa's `adminCors` origins, or when there is no `Origin` but
 *   `Sec-Fetch-Site` says `same-site` / `cross-site`;
 * - 415 `{ type: "invalid_data", message }` for a body, or a `Content-Type`, that is not
 *   `application/json` (forms and `text/plain` are what a page can send without a CORS
 *   preflight);
 * - a request with neither `Origin` nor `Sec-Fetch-Site` (server-to-server, curl, the JS SDK
 *   in Node) passes, as does one with no body and no `Content-Type` (`curl -X POST`).
 *
 * The answer is sent here (not thrown): Medusa's error handler has no type for 415. Nothing of
 * the request is echoed. Runs after Medusa's authentication, before the route's own parsing.
 */
export function sameSiteJsonOnly(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction): void {
  const refusal = refuseAdminPost(req.headers as AdminPostHeaders, adminCorsOrigins(req))
  if (!refusal) return next()
  res.status(refusal.status).json(refusal.body)
}

function adminCorsOrigins(req: MedusaRequest): Array<string | RegExp> {
  const config = req.scope.resolve(ContainerRegistrationKeys.CONFIG_MODULE) as { projectConfig?: { http?: { adminCors?: string } } }
  return parseCorsOrigins(config.projectConfig?.http?.adminCors ?? "")
}
