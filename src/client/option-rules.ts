import { z } from "zod"
import { BnplOptionsError } from "./errors"

/**
 * The zod pieces of the options that reach the client (the transport: credentials,
 * addresses, retries, the pool), written once: the client checks its constructor's input
 * with them (options.ts) and the plugin's options schema (src/options.ts) is built from them,
 * so a rule such as "oauth needs authUrl" or a loopback host exists in one place.
 */

const required = (issue: { input: unknown }) => (issue.input === undefined ? "is required" : "must be a string")

/** Hosts that never leave the machine: plain http to them exposes nothing on a network. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase()
  return host === "localhost" || host.endsWith(".localhost") || host === "::1" || /^127(\.\d{1,3}){3}$/.test(host)
}

/**
 * An absolute http(s) URL without user-info (credentials in a URL end up in logs and
 * browser histories), without a trailing slash. `secure`, for the addresses that receive the
 * merchant's credentials (API and token service bases): https unless the host is loopback,
 * and no query or fragment (paths such as "/v2/..." are appended to it).
 */
export const absoluteUrl = ({ secure = false } = {}) =>
  z
    .string({ error: required })
    .superRefine((value, context) => {
      let url: URL
      try {
        url = new URL(value)
      } catch {
        context.addIssue({ code: "custom", message: "must be an absolute http(s) URL" })
        return
      }
      if (url.protocol !== "http:" && url.protocol !== "https:") {
        context.addIssue({ code: "custom", message: "must be an absolute http(s) URL" })
      } else if (url.username || url.password) {
        context.addIssue({ code: "custom", message: "must not contain a user name or password (user-info); give credentials as options" })
      } else if (secure && url.protocol === "http:" && !isLoopbackHost(url.hostname)) {
        context.addIssue({ code: "custom", message: "must use https (plain http is allowed only for loopback hosts such as 127.0.0.1): the merchant's credentials travel to it" })
      } else if (secure && (url.search || url.hash)) {
        context.addIssue({ code: "custom", message: "must not have a query or fragment" })
      }
    })
    .transform((value) => value.replace(/\/+$/, ""))

const credential = z
  .string({ error: required })
  .min(1, "must not be empty")
  .refine((value) => value.trim() !== "", "must not be empty")

export const DEFAULT_MAX_RETRIES = 2
/** Default pool size per host: see `BnplClientOptions.maxSockets`. */
export const DEFAULT_MAX_SOCKETS = 50

const WHOLE_SOCKETS = "must be a whole number from 1 to 1000"
const WHOLE_MS = "must be 0 or a whole number of milliseconds"

/**
 * The transport options as zod fields, shared by the client's schema and the plugin's.
 * `timeouts` is not here: the client checks it against its endpoint table (timeouts.ts), the
 * plugin by endpoint name (src/options.ts).
 */
export const transportFields = {
  /** Merchant ID issued by the service (Basic username / OAuth client_id). */
  merchantId: credential,
  /** Secret key issued by the service. Never logged. */
  secretKey: credential,
  /** The API's base address ({base_url}); no production host is built in. */
  baseUrl: absoluteUrl({ secure: true }),
  /** The token service's base address ({auth_url}); needed for authScheme "oauth". */
  authUrl: absoluteUrl({ secure: true }).optional(),
  authScheme: z.enum(["basic", "oauth"], { message: "must be basic or oauth" }).default("basic"),
  userAgent: z.string().min(1).optional(),
  maxRetries: z
    .number()
    .int()
    .min(0, "must be 0 or more")
    .max(10, "must be at most 10")
    .default(DEFAULT_MAX_RETRIES),
  /** Most connections open at once to the service (the pool size; docs/operations.md, "Connection model"). */
  maxSockets: z
    .number({ message: WHOLE_SOCKETS })
    .int(WHOLE_SOCKETS)
    .min(1, WHOLE_SOCKETS)
    .max(1000, WHOLE_SOCKETS)
    .default(DEFAULT_MAX_SOCKETS),
  /**
   * Log each request and answer, bodies included, at debug level (the logger's `debug`; in
   * Medusa, LOG_LEVEL=debug): secrets and the shopper's personal data masked (client/debug-log.ts).
   */
  debug: z.boolean({ message: "must be true or false" }).default(false),
  /** The most an idle connection is kept for the next call, in ms; 0 keeps none (client/options.ts). */
  keepAliveTimeoutMs: z.number({ message: WHOLE_MS }).int(WHOLE_MS).min(0, WHOLE_MS).optional(),
}

/** The names of the transport options, in one list: what the plugin hands the client, and what tells two clients apart. */
export const TRANSPORT_OPTION_NAMES = [...(Object.keys(transportFields) as Array<keyof typeof transportFields>), "timeouts"] as const

/** "oauth needs authUrl" (docs/service-api.md "Authentication"), as a check on a parsed object. */
export function oauthNeedsAuthUrl(options: { authScheme?: string; authUrl?: string }, context: z.RefinementCtx): void {
  if (options.authScheme === "oauth" && !options.authUrl) {
    context.addIssue({ code: "custom", path: ["authUrl"], message: 'is required when authScheme is "oauth"' })
  }
}

/**
 * The first issue of a failed parse as a `BnplOptionsError` naming its field (never its value:
 * a secret key stays out of the message). Unknown keys name the key itself.
 */
export function optionsErrorOf(
  error: z.ZodError,
  source: "client" | "plugin",
  unknownKeyRule = "is not an option"
): BnplOptionsError {
  const issue = error.issues[0]
  if (issue.code === "unrecognized_keys") {
    return new BnplOptionsError([...issue.path, issue.keys[0]].join("."), unknownKeyRule, source)
  }
  const field = issue.path.join(".") || "options"
  return new BnplOptionsError(field, issue.message.replace(new RegExp(`^${field} `), ""), source)
}
