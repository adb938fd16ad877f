import { z } from "zod"
import { ENDPOINT_NAMES, type EndpointName } from "./client/endpoints"
import { DEFAULT_KEEP_ALIVE_TIMEOUT_MS, DEFAULT_MAX_SOCKETS } from "./client/options"

/**
 * The one options object of medusa-payment-bnpl, shared by the payment provider
 * (`medusa-payment-bnpl/providers/bnpl`) and the plugin (`medusa-payment-bnpl`): routes,
 * subscribers and jobs. Validated with zod at start-up; an error names the field and the rule.
 * Every option, its default and its errors are listed in docs/configuration.md.
 */

const required = (issue: { input: unknown }) => (issue.input === undefined ? "is required" : "must be a string")

const absoluteUrl = (field: string) =>
  z
    .string({ error: required })
    .url({ message: `${field} must be an absolute http(s) URL` })
    .refine((value) => /^https?:\/\//.test(value), {
      message: `${field} must be an absolute http(s) URL`,
    })
    .transform((value) => value.replace(/\/+$/, ""))

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
  baseUrl: absoluteUrl("baseUrl"),
  /** The token service's base address ({auth_url}); needed for authScheme "oauth". */
  authUrl: absoluteUrl("authUrl").optional(),
  authScheme: z.enum(["basic", "oauth"], { message: "must be basic or oauth" }).default("basic"),
  /** When the money is taken: by the admin, right after approval, or when the order ships. */
  capture: z
    .enum(["manual", "on_authorize", "on_shipment"], {
      message: "must be manual, on_authorize or on_shipment",
    })
    .default("manual"),
  /** Where the service sends the consumer after confirming; `{cart_id}` is replaced. */
  redirectConfirmUrl: z.string().url({ message: "must be an absolute URL" }).optional(),
  /** Where the service sends the consumer after cancelling; `{cart_id}` is replaced. */
  redirectCancelUrl: z.string().url({ message: "must be an absolute URL" }).optional(),
  /** The store backend's public URL, used for the default return route. */
  backendUrl: absoluteUrl("backendUrl").optional(),
  /** The storefront's public URL; the return route sends the consumer here. */
  storefrontUrl: absoluteUrl("storefrontUrl").optional(),
  /** Storefront path of the order confirmation page; `{order_id}` and `{cart_id}` are replaced. */
  storefrontOrderPath: z.string().startsWith("/", "must start with /").default("/order/{order_id}/confirmed"),
  /** Storefront path of the checkout page; `{cart_id}` is replaced, `bnpl_error` is appended. */
  storefrontCheckoutPath: z.string().startsWith("/", "must start with /").default("/checkout?step=payment"),
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
  /** How long an idle connection to the service is kept for the next call, in ms; 0 keeps none. */
  keepAliveTimeoutMs: z
    .number({ message: "must be 0 or a whole number of milliseconds" })
    .int("must be 0 or a whole number of milliseconds")
    .min(0, "must be 0 or a whole number of milliseconds")
    .default(DEFAULT_KEEP_ALIVE_TIMEOUT_MS),
  /** Shipping option ids or names whose shipments are sent with priority EXPRESS. */
  expressShippingOptions: z.array(z.string().min(1)).default([]),
  /** Void approved service payments that have no Medusa order (reconciliation job). */
  voidOrphanedPayments: z.boolean().default(false),
  /** Hours before authorisation expiry at which the hourly job warns. */
  expiryWarningHours: z.number().int().positive().default(48),
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
 * Validates the merchant's options and fills in defaults.
 * @throws BnplOptionsError naming the first bad field, e.g.
 *   `medusa-payment-bnpl: option "region" must be UK or EU`. The secret key's value never
 *   appears in the message.
 */
export function parseOptions(input: unknown): BnplOptions {
  const result = optionsSchema.safeParse(input ?? {})
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
  return options
}

/** The currency an account serves (merchant-api-v2.md rule 2: accounts are per region). */
export function accountCurrency(options: Pick<BnplOptions, "region">): "GBP" | "EUR" {
  return options.region === "UK" ? "GBP" : "EUR"
}
