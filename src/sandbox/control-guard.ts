import type { Request, RequestHandler } from "express"
import { errorBody } from "./errors"
import { rawBodyText } from "./request-body"

const LOOPBACK_HOSTNAMES = new Set(["127.0.0.1", "localhost", "[::1]", "::1"])

/** The sandbox's public origin or the loopback address asked; another port, a rebound DNS name or `null` is foreign. */
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
 * Lets only the sandbox's owner drive the control API (docs/sandbox.md "Who may call it"): a page in
 * the developer's browser can send simple cross-site requests without a CORS preflight, so a foreign
 * `Origin` or `Sec-Fetch-Site: cross-site` gets 403 and a non-JSON body 415. `publicUrl` is read per
 * request, being known only once the server listens.
 */
export function ownerOnly(publicUrl: () => string): RequestHandler {
  return (req, res, next) => {
    const refused = refusal(req, publicUrl())
    if (!refused) return next()
    const errorCode = refused.status === 403 ? "forbidden" : "unsupported_media_type"
    res.status(refused.status).json(errorBody(refused.status, errorCode, refused.message))
  }
}
