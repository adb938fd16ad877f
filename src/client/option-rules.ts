import { z } from "zod"
import { BnplOptionsError } from "./errors"

// Shared by the client's options and the plugin's, so a rule such as "oauth needs authUrl" lives once.

const required = (issue: { input: unknown }) => (issue.input === undefined ? "is required" : "must be a string")

/** Hosts that never leave the machine: plain http to them exposes nothing on a network. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase()
  return host === "localhost" || host.endsWith(".localhost") || host === "::1" || /^127(\.\d{1,3}){3}$/.test(host)
}

/**
 * An absolute http(s) URL without user-info (credentials in a URL end up in logs). `secure`, for
 * addresses that receive the merchant's credentials: https unless loopback, no query or fragment.
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
        context.addIssue({
          code: "custom",
          message:
            "must use https (plain http is allowed only for loopback hosts such as 127.0.0.1): the merchant's credentials travel to it",
        })
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
export const DEFAULT_MAX_SOCKETS = 50

const WHOLE_SOCKETS = "must be a whole number from 1 to 1000"
const WHOLE_MS = "must be 0 or a whole number of milliseconds"

/** The transport options as zod fields. `timeouts` is not here: each side checks it its own way. */
export const transportFields = {
  merchantId: credential,
  /** Never logged. */
  secretKey: credential,
  /** No production host is built in. */
  baseUrl: absoluteUrl({ secure: true }),
  authUrl: absoluteUrl({ secure: true }).optional(),
  authScheme: z.enum(["basic", "oauth"], { message: "must be basic or oauth" }).default("basic"),
  userAgent: z.string().min(1).optional(),
  maxRetries: z.number().int().min(0, "must be 0 or more").max(10, "must be at most 10").default(DEFAULT_MAX_RETRIES),
  maxSockets: z
    .number({ message: WHOLE_SOCKETS })
    .int(WHOLE_SOCKETS)
    .min(1, WHOLE_SOCKETS)
    .max(1000, WHOLE_SOCKETS)
    .default(DEFAULT_MAX_SOCKETS),
  /** Logs bodies at debug level (in Medusa, LOG_LEVEL=debug), secrets and personal data masked. */
  debug: z.boolean({ message: "must be true or false" }).default(false),
  keepAliveTimeoutMs: z.number({ message: WHOLE_MS }).int(WHOLE_MS).min(0, WHOLE_MS).optional(),
}

/** What the plugin hands the client, and what tells two clients apart. */
export const TRANSPORT_OPTION_NAMES = [...(Object.keys(transportFields) as Array<keyof typeof transportFields>), "timeouts"] as const

/** "oauth needs authUrl" as a zod refinement; docs/service-api.md "Authentication". */
export function oauthNeedsAuthUrl(options: { authScheme?: string; authUrl?: string }, context: z.RefinementCtx): void {
  if (options.authScheme === "oauth" && !options.authUrl) {
    context.addIssue({ code: "custom", path: ["authUrl"], message: 'is required when authScheme is "oauth"' })
  }
}

/** The first issue as a `BnplOptionsError` naming its field, never its value: a secret stays out of the message. */
export function optionsErrorOf(error: z.ZodError, source: "client" | "plugin", unknownKeyRule = "is not an option"): BnplOptionsError {
  const issue = error.issues[0]
  if (issue.code === "unrecognized_keys") {
    return new BnplOptionsError([...issue.path, issue.keys[0]].join("."), unknownKeyRule, source)
  }
  const field = issue.path.join(".") || "options"
  return new BnplOptionsError(field, issue.message.replace(new RegExp(`^${field} `), ""), source)
}
