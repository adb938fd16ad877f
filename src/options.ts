import { z } from "zod"
import { ENDPOINT_NAMES, type EndpointName } from "./client/endpoints"
import { DEFAULT_MAX_SOCKETS } from "./client/options"
import { DEFAULT_SANDBOX_ACCOUNTS } from "./sandbox/accounts"
import { templateOffStorefrontReason } from "./storefront-path-template"

// The sandbox's published accounts, and the ids earlier versions published.
const SANDBOX_MERCHANT_IDS = new Set([
  ...DEFAULT_SANDBOX_ACCOUNTS.map((account) => account.merchantId),
  "sandbox-uk-merchant",
  "sandbox-eu-merchant",
])
const SANDBOX_SECRET_KEYS = new Set([
  ...DEFAULT_SANDBOX_ACCOUNTS.map((account) => account.secretKey),
  "sandbox-uk-secret-key",
  "sandbox-eu-secret-key",
])

/**
 * The one options object of medusa-payment-bnpl, shared by the payment provider
 * (`medusa-payment-bnpl/providers/bnpl`) and the plugin (`medusa-payment-bnpl`): routes,
 * subscribers and jobs. Validated with zod at start-up; an error names the field and the rule.
 * Every option, its default and its errors are listed in docs/configuration.md.
 */

const required = (issue: { input: unknown }) => (issue.input === undefined ? "is required" : "must be a string")

/** Hosts that never leave the machine: plain http to them exposes nothing on a network. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase()
  return host === "localhost" || host.endsWith(".localhost") || host === "::1" || /^127(\.\d{1,3}){3}$/.test(host)
}

/**
 * An absolute http(s) URL without user-info (credentials in a URL end up in logs and
 * browser histories). `secure`: https required unless the host is loopback, for the
 * addresses that receive the merchant's credentials.
 */
const absoluteUrl = ({ secure = false } = {}) =>
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
      }
    })
    .transform((value) => value.replace(/\/+$/, ""))


/**
 * A path on the storefront: one leading `/`, never `//` or `/\` (which browsers read as
 * another host; checked again once filled, in `parseOptions`), and only the placeholders it
 * can be given (a typo such as `{countryCode}` would otherwise reach the shopper's address bar).
 */
const storefrontPath = (placeholders: string[]) =>
  z
    .string()
    .regex(/^\/(?![\/\\])/, "must start with exactly one / (a path on the storefront, not another host)")
    .refine((value) => !/[\s\\]/.test(value), "must not contain spaces or backslashes")
    .refine((value) => [...value.matchAll(/\{(\w+)\}/g)].every((match) => placeholders.includes(match[1])), {
      message: `may only use the placeholders ${placeholders.map((name) => `{${name}}`).join(", ")}`,
    })
// Five fields (minute hour day month weekday), or six with seconds first, as Medusa's jobs take.
const cronSchedule = z
  .string({ error: "must be a cron expression" })
  .refine((value) => [5, 6].includes(value.trim().split(/\s+/).length), {
    message: 'must be a cron expression of 5 fields (e.g. "*/30 * * * *"), or 6 with seconds first',
  })

/** Defaults of `schedules`: the schedules the jobs always had. */
export const DEFAULT_SCHEDULES = {
  refreshConfiguration: "17 3 * * *",
  authorizationExpiry: "5 * * * *",
  reconcilePayments: "*/30 * * * *",
  completePendingCarts: "* * * * *",
} as const

const timeoutSchema = z.strictObject({
  openMs: z.number().int().positive().optional(),
  readMs: z.number().int().positive().optional(),
})

export const optionsSchema = z.strictObject({
  /** Merchant ID issued by the service (Basic username / OAuth client_id). */
  merchantId: z.string({ error: required }).min(1, "must not be empty"),
  /** Secret key issued by the service. Never logged. */
  secretKey: z.string({ error: required }).min(1, "must not be empty"),
  /** The account's region (merchant-api-v2.md rule 2): UK accounts sell in GBP, EU in EUR. */
  region: z.enum(["UK", "EU"], { message: "must be UK or EU" }),
  /** The API's base address ({base_url}); no production host is built in. */
  baseUrl: absoluteUrl({ secure: true }),
  /** The token service's base address ({auth_url}); needed for authScheme "oauth". */
  authUrl: absoluteUrl({ secure: true }).optional(),
  authScheme: z.enum(["basic", "oauth"], { message: "must be basic or oauth" }).default("basic"),
  /** When the money is taken: by the admin, right after approval, or when the order ships. */
  capture: z
    .enum(["manual", "on_authorize", "on_shipment"], {
      message: "must be manual, on_authorize or on_shipment",
    })
    .default("manual"),
  /** Where the service sends the consumer after confirming; `{cart_id}` is replaced. */
  redirectConfirmUrl: absoluteUrl().optional(),
  /** Where the service sends the consumer after cancelling; `{cart_id}` is replaced. */
  redirectCancelUrl: absoluteUrl().optional(),
  /** The store backend's public URL, used for the default return route. */
  backendUrl: absoluteUrl().optional(),
  /** The storefront's public URL; the return route sends the consumer here. */
  storefrontUrl: absoluteUrl().optional(),
  /**
   * Storefront path of the order confirmation page; `{order_id}`, `{cart_id}` and
   * `{country_code}` (the cart's shipping country, e.g. "gb") are replaced.
   */
  storefrontOrderPath: storefrontPath(["order_id", "cart_id", "country_code"]).default("/order/{order_id}/confirmed"),
  /**
   * Storefront path of the checkout page; `{cart_id}` and `{country_code}` are replaced and
   * `bnpl_error=<reason>` is set (an old one in the template is never carried forward).
   */
  storefrontCheckoutPath: storefrontPath(["cart_id", "country_code"]).default("/checkout?step=payment"),
  /** Merchant name shown on the service's screens and e-mails. */
  merchantName: z.string().max(128, "must be at most 128 characters").optional(),
  userAgent: z.string().min(1).optional(),
  /** Per-endpoint time-outs in ms, keyed by the document's endpoint names (src/client/timeouts.ts). */
  timeouts: z
    .partialRecord(
      z.enum(ENDPOINT_NAMES as [EndpointName, ...EndpointName[]], {
        message: `must be keyed by endpoint names: ${ENDPOINT_NAMES.join(", ")}`,
      }),
      timeoutSchema
    )
    .optional(),
  maxRetries: z.number().int().min(0, "must be 0 or more").max(10, "must be at most 10").default(2),
  /** Most connections open at once to the service (the pool size; docs/operations.md, "Connection model"). */
  maxSockets: z
    .number({ message: "must be a whole number from 1 to 1000" })
    .int("must be a whole number from 1 to 1000")
    .min(1, "must be a whole number from 1 to 1000")
    .max(1000, "must be a whole number from 1 to 1000")
    .default(DEFAULT_MAX_SOCKETS),
  /**
   * The most an idle connection to the service is kept for the next call, in ms; 0 keeps
   * none. Unset: as long as the service's `Keep-Alive` hint says (less 1 s), 30 s without one
   * (docs/operations.md, "Connection model").
   */
  keepAliveTimeoutMs: z
    .number({ message: "must be 0 or a whole number of milliseconds" })
    .int("must be 0 or a whole number of milliseconds")
    .min(0, "must be 0 or a whole number of milliseconds")
    .optional(),
  /** Shipping option ids or names whose shipments are sent with priority EXPRESS. */
  expressShippingOptions: z.array(z.string().min(1)).default([]),
  /**
   * Void approved service payments that no Medusa order or payment session claims, after the
   * reconciliation grace (90 minutes), so no consumer's money is held for an order that will
   * never exist. Set false to only report them.
   */
  voidOrphanedPayments: z.boolean().default(true),
  /** Hours before authorisation expiry at which the hourly job warns. */
  expiryWarningHours: z.number().int().positive().default(48),
  /**
   * Lets a store with NODE_ENV=production use the sandbox's credentials or a loopback
   * `baseUrl` (a staging server that runs against the local sandbox). Off by default, so a
   * production store never starts against a sandbox by mistake.
   */
  allowSandboxInProduction: z.boolean().default(false),
  /** Cron schedules of the plugin's jobs (docs/operations.md, "Jobs"); each defaults to DEFAULT_SCHEDULES. */
  schedules: z
    .strictObject({
      refreshConfiguration: cronSchedule.optional(),
      authorizationExpiry: cronSchedule.optional(),
      reconcilePayments: cronSchedule.optional(),
      completePendingCarts: cronSchedule.optional(),
    })
    .optional(),
})

/** Options as the merchant writes them in medusa-config. */
export type BnplOptionsInput = z.input<typeof optionsSchema>
/** Options after validation, with defaults filled in. */
export type BnplOptions = z.output<typeof optionsSchema>

/** Thrown at start-up for bad options; the message names the field and the rule. */
export class BnplOptionsError extends Error {
  constructor(
    public readonly field: string,
    rule: string
  ) {
    super(`medusa-payment-bnpl: option "${field}" ${rule}`)
    this.name = "BnplOptionsError"
  }
}

/**
 * Medusa hands a plugin's options to the plugin's own module (modules/bnpl-records) and adds
 * that module's `database` settings to the same object, which a medusa-config often shares with
 * the provider entry: that key is Medusa's, not the merchant's.
 */
function withoutMedusaKeys(input: unknown): unknown {
  if (!input || typeof input !== "object" || Array.isArray(input) || !("database" in input)) return input
  const { database: _medusaModuleDatabase, ...options } = input as Record<string, unknown>
  return options
}

/**
 * Validates the merchant's options and fills in defaults.
 * @throws BnplOptionsError naming the first bad field, e.g.
 *   `medusa-payment-bnpl: option "region" must be UK or EU`. The secret key's value never
 *   appears in the message.
 */
export function parseOptions(input: unknown, environment: { NODE_ENV?: string } = process.env): BnplOptions {
  const result = optionsSchema.safeParse(withoutMedusaKeys(input ?? {}))
  if (!result.success) {
    const issue = result.error.issues[0]
    if (issue.code === "unrecognized_keys") {
      const unknown = [...issue.path, issue.keys[0]].join(".")
      throw new BnplOptionsError(unknown, "is not an option of medusa-payment-bnpl (see docs/configuration.md)")
    }
    const field = issue.path.join(".") || "options"
    throw new BnplOptionsError(field, issue.message.replace(new RegExp(`^${field} `), ""))
  }
  const options = result.data
  if (options.authScheme === "oauth" && !options.authUrl) {
    throw new BnplOptionsError("authUrl", 'is required when authScheme is "oauth"')
  }
  // Judged once filled: "/{country_code}//evil.example" is a path until a cart has no country.
  for (const field of ["storefrontOrderPath", "storefrontCheckoutPath"] as const) {
    const reason = templateOffStorefrontReason(field, options[field], options.storefrontUrl)
    if (reason) throw new BnplOptionsError(field, `${reason}; the return route would send the shopper to another site`)
  }
  if (environment.NODE_ENV === "production" && !options.allowSandboxInProduction) {
    if (SANDBOX_MERCHANT_IDS.has(options.merchantId) || SANDBOX_SECRET_KEYS.has(options.secretKey)) {
      throw new BnplOptionsError(
        SANDBOX_MERCHANT_IDS.has(options.merchantId) ? "merchantId" : "secretKey",
        "is the local sandbox's published credential, refused with NODE_ENV=production (set allowSandboxInProduction: true for a staging server)"
      )
    }
    for (const field of ["baseUrl", "authUrl"] as const) {
      const value = options[field]
      if (value && isLoopbackHost(new URL(value).hostname)) {
        throw new BnplOptionsError(
          field,
          "points at this machine (a loopback host, such as the local sandbox), refused with NODE_ENV=production (set allowSandboxInProduction: true for a staging server)"
        )
      }
    }
  }
  return options
}

/** The currency an account serves (merchant-api-v2.md rule 2: accounts are per region). */
export function accountCurrency(options: Pick<BnplOptions, "region">): "GBP" | "EUR" {
  return options.region === "UK" ? "GBP" : "EUR"
}
