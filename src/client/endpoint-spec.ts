import type { z } from "zod"
import type { RetryPolicy } from "./retry"

/**
 * The shape of one row of the endpoint table (endpoints.ts) and the helpers that read a row.
 * Everything the client and the sandbox know about an endpoint is in its row.
 */

export type HttpMethod = "GET" | "POST" | "PUT"

/**
 * Connection time-outs (docs/service-api.md "Connection time-outs per endpoint").
 * `openMs` bounds establishing the TCP connection (DNS + connect); `readMs` bounds waiting
 * for the answer once connected.
 */
export interface EndpointTimeout {
  openMs: number
  readMs: number
}

/**
 * When a failed call may be sent again (retry.ts):
 * - `idempotent` / `unsent-only`: always that policy;
 * - `{ idempotentWith: [...] }`: `idempotent` when the request carries every one of these
 *   fields (Auth: `requestId`; Create Refund: `requestId` and `merchantReference`), else
 *   `unsent-only`;
 * - `never`: sent once, never retried (Ping: a health check answers promptly).
 */
export type RetryRule = RetryPolicy | "never" | { readonly idempotentWith: readonly string[] }

/** One endpoint of the service. */
export interface EndpointSpec {
  method: HttpMethod
  /** Path template; `{name}` placeholders are filled with URL-encoded values, in order the client method's leading arguments. */
  path: string
  /** `auth`: relative to `authUrl` (the token service); `api`: relative to `baseUrl`. */
  base: "api" | "auth"
  /** `public`: no merchant credentials (Ping, the token endpoint); `merchant`: Basic or Bearer. */
  access: "merchant" | "public"
  /** The status of a successful answer. */
  successStatus: number
  timeouts: EndpointTimeout
  retry: RetryRule
  /**
   * Send again at once after a kept-alive connection the service had closed, even though the
   * call is not idempotent (Create Checkout: a duplicate is only an unused checkout).
   */
  resendIfStale?: boolean
  /** The request as the plugin sends it: strict, refuses unknown fields (schemas.ts). */
  request?: z.ZodType
  /** How the request travels: a JSON body (default) or the query string, encoded by this function. */
  query?: (value: never) => string
  /** The request as the service takes it, where it is more lenient than `request` (the sandbox's source). */
  service?: z.ZodType
  /** The service takes a request with no body at all as `{}` (Void). */
  bodyOptional?: boolean
  /** The 2xx body; absent when the answer has none (204). */
  response?: z.ZodType
  /** A short camelCase name: the sandbox's name for faults and request counts. */
  shortName: string
}

/** The policy and retry cap of one call, from its row's rule and the request it carries. */
export function retryFor(rule: RetryRule, request: unknown): { retry: RetryPolicy; maxRetries?: number } {
  if (rule === "never") return { retry: "idempotent", maxRetries: 0 }
  if (typeof rule === "string") return { retry: rule }
  const fields = (request ?? {}) as Record<string, unknown>
  return { retry: rule.idempotentWith.every((field) => fields[field]) ? "idempotent" : "unsent-only" }
}

/** The `{name}` placeholders of a path template, in order, as a tuple type. */
export type PathParams<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? [Name, ...PathParams<Rest>]
  : []

/** The `{name}` placeholders of a path template, in order. */
export function pathParams(template: string): string[] {
  // Read on every call from a handful of templates: each template's names are found once.
  let names = PATH_PARAMS.get(template)
  if (!names) {
    names = [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1])
    PATH_PARAMS.set(template, names)
  }
  return names
}

const PATH_PARAMS = new Map<string, string[]>()

/**
 * Fills a path template, URL-encoding every value so an id can never change the path
 * (`/`, `?`, `#`, `..` in an id stay inside its segment).
 * @throws Error when a placeholder has no value (a programming error, not an API failure).
 */
export function fillPath(template: string, params: Record<string, string> = {}): string {
  if (!template.includes("{")) return template
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`path parameter ${name} is missing`)
    return encodeURIComponent(value)
  })
}
