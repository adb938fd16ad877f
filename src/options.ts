import { z } from "zod"
import { ENDPOINT_NAMES, type EndpointName } from "./client/endpoints"
import { BnplOptionsError } from "./client/errors"
import { absoluteUrl, isLoopbackHost, oauthNeedsAuthUrl, optionsErrorOf, transportFields } from "./client/option-rules"
import { SANDBOX_MERCHANT_IDS, SANDBOX_SECRET_KEYS } from "./sandbox-credentials"
import { DEFAULT_STOREFRONT_PATHS, templateOffStorefrontReason } from "./storefront-path-template"
import { JOBS } from "./vocabulary"
import { localizedMessagesSchema, localeTextsSchema } from "./options-messages"
import { storableText } from "./client/text-rules"

export { BnplOptionsError, isLoopbackHost }

/**
 * The one options object of medusa-payment-bnpl, shared by the payment provider
 * (`medusa-payment-bnpl/providers/bnpl`) and the plugin (`medusa-payment-bnpl`): routes,
 * subscribers and jobs. Validated with zod at start-up; an error names the field and the rule.
 * Every option, its default and its errors are listed in docs/configuration.md. The options
 * that reach the API client (credentials, addresses, retries, the pool, time-outs) are the
 * client's own zod fields (client/option-rules.ts), so each rule is written once.
 */

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
  refreshConfiguration: JOBS.refreshConfiguration.defaultSchedule,
  authorizationExpiry: JOBS.authorizationExpiry.defaultSchedule,
  reconcilePayments: JOBS.reconcilePayments.defaultSchedule,
  completePendingCarts: JOBS.completePendingCarts.defaultSchedule,
  repairOrders: JOBS.repairOrders.defaultSchedule,
  pruneServiceCalls: JOBS.pruneServiceCalls.defaultSchedule,
} as const

const timeoutSchema = z.strictObject({
  openMs: z.number().int().positive().optional(),
  readMs: z.number().int().positive().optional(),
})

/** When the money is taken: by the admin, right after approval, or when the order ships. */
export const captureModeSchema = z.enum(["manual", "on_authorize", "on_shipment"], {
  message: "must be manual, on_authorize or on_shipment",
})

const idList = (what: string) =>
  z
    .array(storableText().trim().min(1, `must list ${what}, none empty`).max(128, "must hold entries of at most 128 characters"), {
      error: `must be a list of ${what}`,
    })
    .max(500, "must list at most 500 entries")
    .default([])

/**
 * Goods the service must not be offered for (gift cards, digital goods, some categories): a cart
 * holding one is not eligible. Ids of Medusa's product model, variant SKUs and tag values; a
 * product in a descendant of an excluded category is excluded too. Every list defaults to [].
 */
export const exclusionsSchema = z.strictObject(
  {
    productIds: idList("product ids"),
    variantSkus: idList("variant SKUs"),
    categoryIds: idList("category ids"),
    collectionIds: idList("collection ids"),
    typeIds: idList("product type ids"),
    tags: idList("tag values"),
  },
  { error: "must be an object of lists: productIds, variantSkus, categoryIds, collectionIds, typeIds, tags" }
)

/** What happens to an approval whose order cannot be placed: voided at once, or held for a person. */
export const onOrderFailureSchema = z.enum(["void", "hold"], { message: "must be void or hold" })

const INSTALMENTS_RULE = "must be a whole number from 2 to 12"
const messageText = storableText().trim().min(1, "must not be empty").max(200, "must be at most 200 characters")

/**
 * The defaults of the storefront kit's message (`PayLaterMessageOptions` in
 * src/storefront/eligibility.ts): the line inside the limits, the instalment count and line,
 * what shows outside the limits.
 */
export const messageDefaultsSchema = z.strictObject(
  {
    available: messageText.optional(),
    instalments: z.number({ error: INSTALMENTS_RULE }).int(INSTALMENTS_RULE).min(2, INSTALMENTS_RULE).max(12, INSTALMENTS_RULE).optional(),
    instalmentText: messageText.optional(),
    outside: messageText.optional(),
    /** The line and the instalment line per locale (`{ "fr-FR": { available, instalmentText } }`), under the option `messages`. */
    locales: localeTextsSchema.optional(),
  },
  { error: "must be an object with available, instalments, instalmentText, outside and locales" }
)

/** The plugin's options, parsed once: the client's transport fields and the plugin's own. */
export const optionsSchema = z.strictObject({
  ...transportFields,
  /** The account's region (docs/service-api.md "What the service does", rule 2): UK accounts sell in GBP, EU in EUR. */
  region: z.enum(["UK", "EU"], { message: "must be UK or EU" }),
  /** When the money is taken: by the admin, right after approval, or when the order ships. */
  capture: captureModeSchema.default("manual"),
  /** Goods pay later is not offered for (exclusionsSchema); a merchant may change them in the admin. */
  exclusions: exclusionsSchema.prefault({}),
  /**
   * What happens when the consumer approved but the cart cannot become an order (an item sold
   * out, a promotion ended): `void` gives the consumer's money back at once (automatic
   * reversal); `hold` keeps the approval and the open cart for a person to decide in Settings ->
   * Pay later ("Place the order" or "Void") before the authorisation's 13-day expiry
   * (docs/operations.md, "Orders on hold"). Read through runtime/accounts/order-failure-policy.ts.
   */
  onOrderFailure: onOrderFailureSchema.default("void"),
  /** The storefront message's defaults (messageDefaultsSchema); a merchant may change them in the admin. */
  message: messageDefaultsSchema.default({}),
  /**
   * Any shopper text of the storefront kit, per locale (`{ "fr-FR": { cancelled: "..." } }`;
   * options-messages.ts): over Settings -> Pay later's per-locale texts and the kit's built-in
   * ones (docs/storefront.md "Languages").
   */
  messages: localizedMessagesSchema.default({}),
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
  storefrontOrderPath: storefrontPath(["order_id", "cart_id", "country_code"]).default(DEFAULT_STOREFRONT_PATHS.storefrontOrderPath),
  /**
   * Storefront path of the checkout page; `{cart_id}` and `{country_code}` are replaced and
   * `bnpl_error=<reason>` is set (an old one in the template is never carried forward).
   */
  storefrontCheckoutPath: storefrontPath(["cart_id", "country_code"]).default(DEFAULT_STOREFRONT_PATHS.storefrontCheckoutPath),
  /** Merchant name shown on the service's screens and e-mails. */
  merchantName: z.string().max(128, "must be at most 128 characters").optional(),
  /** Per-endpoint time-outs in ms, keyed by the document's endpoint names; their defaults are in the one table of endpoints (src/client/endpoints.ts). */
  timeouts: z
    .partialRecord(
      z.enum(ENDPOINT_NAMES as [EndpointName, ...EndpointName[]], {
        message: `must be keyed by endpoint names: ${ENDPOINT_NAMES.join(", ")}`,
      }),
      timeoutSchema
    )
    .optional(),
  /** Shipping option ids or names whose shipments are sent with priority EXPRESS. */
  expressShippingOptions: z.array(z.string().min(1)).default([]),
  /**
   * Void approved service payments that no Medusa order or payment session claims, after the
   * reconciliation grace (90 minutes), so no consumer's money is held for an order that will
   * never exist. Set false to only report them.
   */
  voidOrphanedPayments: z.boolean().default(true),
  /**
   * Whether the completion job sends Auth (within its back-offs, docs/operations.md "Back-offs
   * of Auth") for checkouts whose shopper has not come back, so a consumer who confirmed and
   * closed the tab gets an order within a minute. The service shows a confirmed checkout only by
   * answering Auth (docs/service-api.md "Errors": 412 before), so every abandoned checkout costs
   * some Auths too. Set false to let the job complete only the checkouts List Payments already
   * shows with a payment: abandoned checkouts then cost no Auth, and a closed tab waits for its
   * shopper's return (or expires, with nothing charged).
   */
  completeClosedTabs: z.boolean().default(true),
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
      repairOrders: cronSchedule.optional(),
      pruneServiceCalls: cronSchedule.optional(),
    })
    .optional(),
}).superRefine(oauthNeedsAuthUrl)

/** Options as the merchant writes them in medusa-config. */
export type BnplOptionsInput = z.input<typeof optionsSchema>
/** Options after validation, with defaults filled in. */
export type BnplOptions = z.output<typeof optionsSchema>

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
    throw optionsErrorOf(result.error, "plugin", "is not an option of medusa-payment-bnpl (see docs/configuration.md)")
  }
  const options = result.data
  // Judged once filled: "/{country_code}//evil.example" is a path until a cart has no country.
  for (const field of ["storefrontOrderPath", "storefrontCheckoutPath"] as const) {
    const reason = templateOffStorefrontReason(field, options[field], options.storefrontUrl)
    if (reason) throw new BnplOptionsError(field, `${reason}; the return route would send the shopper to another site`, "plugin")
  }
  if (environment.NODE_ENV === "production" && !options.allowSandboxInProduction) {
    if (SANDBOX_MERCHANT_IDS.has(options.merchantId) || SANDBOX_SECRET_KEYS.has(options.secretKey)) {
      throw new BnplOptionsError(
        SANDBOX_MERCHANT_IDS.has(options.merchantId) ? "merchantId" : "secretKey",
        "is the local sandbox's published credential, refused with NODE_ENV=production (set allowSandboxInProduction: true for a staging server)",
        "plugin"
      )
    }
    for (const field of ["baseUrl", "authUrl"] as const) {
      const value = options[field]
      if (value && isLoopbackHost(new URL(value).hostname)) {
        throw new BnplOptionsError(
          field,
          "points at this machine (a loopback host, such as the local sandbox), refused with NODE_ENV=production (set allowSandboxInProduction: true for a staging server)",
          "plugin"
        )
      }
    }
  }
  return options
}
