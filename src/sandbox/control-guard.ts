import type { Request, RequestHandler } from "express"
import { errorBody } from "./errors"
import { rawBodyText } from "./request-body"

const LOOPBACK_HOSTNAMES = new Set(["127.0.0.1", "localhost", "[::1]", "::1"])

/**
 * Whether a browser's `Origin` is the sandbox's own: the origin of its public URL, or the
 * loopback address the request was sent to (`http://127.0.0.1:4010`, `http://localhost:4010`).
 * A page served by another port, another host, a DNS name rebound to 127.0.0.1, or an opaque
 * origin (`null`, sent by sandboxed frames and no-referrer forms) is foreign.
 */
export function isSandboxOrigin(origin: string, host: string | undefined, publicUrl: string): boolean {
  if (publicUrl) {
    try {
      if (origin === new URL(publicUrl).origin) return true
    } catch {
      // A malformed public URL matches nothing.
    }
  }
  if (!host) return false
  const hostname = host.replace(/:\d+$/, "").toLowerCase()
  return LOOPBACK_HOSTNAMES.has(hostname) && origin === `http://${host.toLowerCase()}`
}

function refusal(req: Request, publicUrl: string): { status: 403 | 415; message: string } | undefined {
  const origin = req.headers.origin
  if (origin !== undefined && !isSandboxOrigin(origin, req.headers.host, publicUrl)) {
    return { status: 403, message: `The control API refuses requests from another site (Origin ${origin})` }
  }
  if (req.headers["sec-fetch-site"] === "cross-site") {
    return { status: 403, message: "The control API refuses cross-site requests (Sec-Fetch-Site: cross-site)" }
  }
  const contentType = req.headers["content-type"]
  const hasBody = rawBodyText(req).length > 0
  if ((hasBody || contentType !== undefined) && !/^application\/json\s*(;|$)/i.test(contentType ?? "")) {
    return {
      status: 415,
      message: `The control API takes application/json bodies only, got ${contentType ? JSON.stringify(contentType) : "no Content-Type"}`,
    }
  }
  return undefined
}

/**
 * Lets only the sandbox's owner drive the control API (issue "Nobody gets in", item 6). A
 * web page open in the developer's browser can send "simple" cross-site requests (a form,
 * or `fetch` with `text/plain`) that need no CORS preflight; those must change nothing:
 * - 403 `forbidden` for a foreign `Origin` (see `isSandboxOrigin`) or `Sec-Fetch-Site: cross-site`;
 * - 415 `unsupported_media_type` for a body or a `Content-Type` that is not `application/json`
 *   (a request with neither, as `curl -X POST` sends, is accepted: it is not a simple-request
 *   body a page could forge without an `Origin`).
 * Requests without an `Origin` (curl, tests, Node) and same-origin requests pass.
 * `publicUrl` is read per request because it is known only once the server listens.
 */
export function ownerOnly(publicUrl: () => string): RequestHandler {
  return (req, res, next) => {
    const refused = refusal(req, publicUrl())
    if (!refused) return next()
    const errorCode = refused.status === 403 ? "forbidden" : "unsupported_media_type"
    res.status(refused.status).json(errorBody(refused.status, errorCode, refused.message))
  }
}
