import type { z } from "zod"
import type { RetryPolicy } from "./retry"

export type HttpMethod = "GET" | "POST" | "PUT"

/** `openMs` bounds DNS and connect; `readMs` the wait for the answer. docs/service-api.md "Connection time-outs per endpoint". */
export interface EndpointTimeout {
  openMs: number
  readMs: number
}

/**
 * When a failed call may be sent again: `{ idempotentWith }` is `idempotent` when the request carries
 * every listed field, else `unsent-only`; `never`: sent once (Ping: a health check answers promptly).
 */
export type RetryRule = RetryPolicy | "never" | { readonly idempotentWith: readonly string[] }

/** One row of the endpoint table: everything the client and the sandbox know about an endpoint. */
export interface EndpointSpec {
  method: HttpMethod
  /** `{name}` placeholders take the client method's leading arguments, URL-encoded. */
  path: string
  base: "api" | "auth"
  access: "merchant" | "public"
  successStatus: number
  timeouts: EndpointTimeout
  retry: RetryRule
  /** See `HttpCall.resendIfStale`. */
  resendIfStale?: boolean
  /** The request as the plugin sends it: strict, refuses unknown fields. */
  request?: z.ZodType
  /** Set: the request travels as the query string this encodes, not a JSON body. */
  query?: (value: never) => string
  /** The request as the service takes it, where more lenient than `request`. */
  service?: z.ZodType
  /** The service takes a request with no body at all as `{}` (Void). */
  bodyOptional?: boolean
  response?: z.ZodType
  /** The sandbox's name for faults and request counts. */
  shortName: string
}

/** The policy and retry cap of one call, from its row's rule and its request. */
export function retryFor(rule: RetryRule, request: unknown): { retry: RetryPolicy; maxRetries?: number } {
  if (rule === "never") return { retry: "idempotent", maxRetries: 0 }
  if (typeof rule === "string") return { retry: rule }
  const fields = (request ?? {}) as Record<string, unknown>
  return { retry: rule.idempotentWith.every((field) => fields[field]) ? "idempotent" : "unsent-only" }
}

/** The `{name}` placeholders of a path template, in order, as a tuple type. */
export type PathParams<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? [Name, ...PathParams<Rest>] : []

/** The `{name}` placeholders of a path template, in order; found once per template, as read on every call. */
export function pathParams(template: string): string[] {
  let names = PATH_PARAMS.get(template)
  if (!names) {
    names = [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1])
    PATH_PARAMS.set(template, names)
  }
  return names
}

const PATH_PARAMS = new Map<string, string[]>()

/** Fills a path template URL-encoded, so an id can never change the path. @throws Error on a missing value. */
export function fillPath(template: string, params: Record<string, string> = {}): string {
  if (!template.includes("{")) return template
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`path parameter ${name} is missing`)
    return encodeURIComponent(value)
  })
}
