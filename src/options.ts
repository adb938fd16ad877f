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

// Every option, its default and its errors: docs/configuration.md "The options".

// One leading `/`: browsers read `//` and `/\` as another host. Only known placeholders: a typo
// such as `{countryCode}` would reach the shopper's address bar.
const storefrontPath = (placeholders: string[]) =>
  z
    .string()
    .regex(/^\/(?![/\\])/, "must start with exactly one / (a path on the storefront, not another host)")
    .refine((value) => !/[\s\\]/.test(value), "must not contain spaces or backslashes")
    .refine((value) => [...value.matchAll(/\{(\w+)\}/g)].every((match) => placeholders.includes(match[1])), {
      message: `may only use the placeholders ${placeholders.map((name) => `{${name}}`).join(", ")}`,
    })
// Five fields (minute hour day month weekday), or six with seconds first, as Medusa's jobs take.
const cronSchedule = z.string({ error: "must be a cron expression" }).refine((value) => [5, 6].includes(value.trim().split(/\s+/).length), {
  message: 'must be a cron expression of 5 fields (e.g. "*/30 * * * *"), or 6 with seconds first',
})

/** Defaults of `schedules`. */
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

/** Goods pay later is not offered for; a descendant of an excluded category is excluded too. */
export const exclusionsSchema = z.strictObject(
  {
    productIds: idList("product ids"),
    variantSkus: idList("variant SKUs"),
    categoryIds: idList("category ids"),
    collectionIds: idList("collection ids"),
    typeIds: idList("product type ids"),
    tags: idList("tag values"),
  },
  { error: "must be an object of lists: productIds, variantSkus, categoryIds, collectionIds, typeIds, tags" },
)

/** What happens to an approval whose order cannot be placed: voided at once, or held for a person. */
export const onOrderFailureSchema = z.enum(["void", "hold"], { message: "must be void or hold" })

const INSTALMENTS_RULE = "must be a whole number from 2 to 12"
const messageText = storableText().trim().min(1, "must not be empty").max(200, "must be at most 200 characters")

/** Defaults of the storefront kit's message (`PayLaterMessageOptions`). */
export const messageDefaultsSchema = z.strictObject(
  {
    available: messageText.optional(),
    instalments: z.number({ error: INSTALMENTS_RULE }).int(INSTALMENTS_RULE).min(2, INSTALMENTS_RULE).max(12, INSTALMENTS_RULE).optional(),
    instalmentText: messageText.optional(),
    outside: messageText.optional(),
    /** Per locale: `{ "fr-FR": { available, instalmentText } }`. */
    locales: localeTextsSchema.optional(),
  },
  { error: "must be an object with available, instalments, instalmentText, outside and locales" },
)

/** The plugin's options, parsed once: the client's transport fields and the plugin's own. */
export const optionsSchema = z
  .strictObject({
    ...transportFields,
    /** The account's region (docs/service-api.md "What the service does", rule 2): UK accounts sell in GBP, EU in EUR. */
    region: z.enum(["UK", "EU"], { message: "must be UK or EU" }),
    capture: captureModeSchema.default("manual"),
    /** A merchant may change them in the admin. */
    exclusions: exclusionsSchema.prefault({}),
    /** `void` gives the money back at once; `hold` keeps it for a person (docs/operations.md "Orders on hold"). */
    onOrderFailure: onOrderFailureSchema.default("void"),
    message: messageDefaultsSchema.default({}),
    /** Shopper texts of the storefront kit per locale, over the admin's (docs/storefront.md "Languages"). */
    messages: localizedMessagesSchema.default({}),
    /** Where the service sends the consumer after confirming; `{cart_id}` is replaced. */
    redirectConfirmUrl: absoluteUrl().optional(),
    /** Where the service sends the consumer after cancelling; `{cart_id}` is replaced. */
    redirectCancelUrl: absoluteUrl().optional(),
    backendUrl: absoluteUrl().optional(),
    storefrontUrl: absoluteUrl().optional(),
    /** Order confirmation page; `{order_id}`, `{cart_id}`, `{country_code}` (e.g. "gb") are replaced. */
    storefrontOrderPath: storefrontPath(["order_id", "cart_id", "country_code"]).default(DEFAULT_STOREFRONT_PATHS.storefrontOrderPath),
    /** Checkout page; `bnpl_error=<reason>` is set (an old one in the template is dropped). */
    storefrontCheckoutPath: storefrontPath(["cart_id", "country_code"]).default(DEFAULT_STOREFRONT_PATHS.storefrontCheckoutPath),
    merchantName: z.string().max(128, "must be at most 128 characters").optional(),
    /** Per-endpoint time-outs in ms, keyed by the document's endpoint names. */
    timeouts: z
      .partialRecord(
        z.enum(ENDPOINT_NAMES as [EndpointName, ...EndpointName[]], {
          message: `must be keyed by endpoint names: ${ENDPOINT_NAMES.join(", ")}`,
        }),
        timeoutSchema,
      )
      .optional(),
    /** Shipping option ids or names whose shipments are sent with priority EXPRESS. */
    expressShippingOptions: z.array(z.string().min(1)).default([]),
    /** Void approved payments no Medusa order claims, after a 90-minute grace; false only reports them. */
    voidOrphanedPayments: z.boolean().default(true),
    /** The job sends Auth for closed tabs; false spares abandoned checkouts' Auths (docs/operations.md "Back-offs of Auth"). */
    completeClosedTabs: z.boolean().default(true),
    /** Hours before authorisation expiry at which the hourly job warns. */
    expiryWarningHours: z.number().int().positive().default(48),
    /** Lets NODE_ENV=production use sandbox credentials or a loopback `baseUrl` (staging). */
    allowSandboxInProduction: z.boolean().default(false),
    /** Cron schedules of the jobs (docs/operations.md "Jobs"). */
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
  })
  .superRefine(oauthNeedsAuthUrl)

/** Options as the merchant writes them in medusa-config. */
export type BnplOptionsInput = z.input<typeof optionsSchema>
/** Options after validation, with defaults filled in. */
export type BnplOptions = z.output<typeof optionsSchema>

/** Medusa adds its module's `database` settings to the plugin's options: that key is not the merchant's. */
function withoutMedusaKeys(input: unknown): unknown {
  if (!input || typeof input !== "object" || Array.isArray(input) || !("database" in input)) return input
  const { database: _medusaModuleDatabase, ...options } = input as Record<string, unknown>
  return options
}

/** @throws BnplOptionsError naming the first bad field; never the secret key's value. */
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
        "plugin",
      )
    }
    for (const field of ["baseUrl", "authUrl"] as const) {
      const value = options[field]
      if (value && isLoopbackHost(new URL(value).hostname)) {
        throw new BnplOptionsError(
          field,
          "points at this machine (a loopback host, such as the local sandbox), refused with NODE_ENV=production (set allowSandboxInProduction: true for a staging server)",
          "plugin",
        )
      }
    }
  }
  return options
}
