import { z } from "zod"
import { toApiAmount } from "./money"

// Strict about the document's limits, so nothing the service would refuse is sent.

/** A text field of at most `limit` characters, the rule in its message. */
export const max = (limit: number) => z.string().max(limit, `must be at most ${limit} characters`)

/** docs/service-api.md "Money": digits, a point, exactly two digits. */
export const apiAmountSchema = z.string().regex(/^\d+\.\d{2}$/, "must be a non-negative decimal string with exactly 2 decimal places")

/** As the service takes it: any non-negative decimal, rounded half-up. The plugin never sends one; the sandbox takes it unless strict. */
export const serviceAmountSchema = z
  .string()
  .regex(/^\d+(\.\d+)?$/, "must be a non-negative decimal string")
  .transform((amount) => toApiAmount(amount))

const currencySchema = z.string().regex(/^[A-Z]{3}$/, "must be an ISO 4217 currency code in capitals")

export const moneySchema = z.object({ amount: apiAmountSchema, currency: currencySchema })

/** Money as the service sends it; any decimal string is read. */
export const moneyResponseSchema = z.looseObject({
  amount: z.string().regex(/^-?\d+(\.\d+)?$/, "must be a decimal string"),
  currency: z.string(),
})

export const countryCodeSchema = z.string().regex(/^[A-Z]{2}$/, "must be a two-letter ISO 3166-1 alpha-2 code in capitals")

export const isoDateTimeSchema = z.iso.datetime({
  offset: true,
  message: "must be an ISO 8601 date and time, e.g. 2026-11-21T10:00:00Z",
})

/** docs/service-api.md "Consumer". */
export const consumerSchema = z.strictObject({
  phoneNumber: max(32).optional(),
  givenNames: max(128).optional(),
  surname: max(128).optional(),
  email: max(128).optional(),
})

/** docs/service-api.md "Address". */
export const addressSchema = z.strictObject({
  name: max(255).optional(),
  line1: max(128).optional(),
  line2: max(128).optional(),
  area1: max(128).optional(),
  area2: max(128).optional(),
  region: max(128).optional(),
  postcode: max(128).optional(),
  countryCode: countryCodeSchema.optional(),
  phoneNumber: max(32).optional(),
})

export const courierPrioritySchema = z.enum(["STANDARD", "EXPRESS"], {
  message: "must be STANDARD or EXPRESS",
})

/** docs/service-api.md "Courier". */
export const courierSchema = z.strictObject({
  shippedAt: isoDateTimeSchema.optional(),
  name: max(128).optional(),
  tracking: max(128).optional(),
  priority: courierPrioritySchema.optional(),
})

/** docs/service-api.md "MerchantConfig". */
export const merchantConfigSchema = z.strictObject({
  redirectConfirmUrl: z.url({ message: "must be an absolute URL" }).optional(),
  redirectCancelUrl: z.url({ message: "must be an absolute URL" }).optional(),
  popupOriginUrl: z.url({ message: "must be an absolute URL" }).optional(),
  name: z.string().optional(),
})

/** docs/service-api.md "Item"; `price` is the unit price. */
export const itemSchema = z.strictObject({
  name: max(255).optional(),
  sku: max(128).optional(),
  quantity: z
    .number()
    .int("must be a whole number")
    .min(-2147483648, "must fit a signed 32-bit integer")
    .max(2147483647, "must fit a signed 32-bit integer")
    .optional(),
  pageUrl: max(2048).optional(),
  imageUrl: max(2048).optional(),
  price: moneySchema
    .refine((money) => /[1-9]/.test(money.amount), {
      message: "must be positive",
      path: ["amount"],
    })
    .optional(),
  categories: z.array(z.array(z.string())).optional(),
  estimatedShipmentDate: z
    .string()
    .regex(/^\d{4}-\d{2}(-\d{2})?$/, "must be YYYY-MM or YYYY-MM-DD")
    .optional(),
})

/** docs/service-api.md "Discount". */
export const discountSchema = z.strictObject({
  displayName: max(128).optional(),
  amount: moneySchema.optional(),
})

/** docs/service-api.md "ShippingOptions". */
export const shippingOptionsSchema = z.strictObject({
  shippingCountry: countryCodeSchema.optional(),
  supportedShippingCountries: z.array(countryCodeSchema).optional(),
})

export type MoneyInput = z.infer<typeof moneySchema>
export type Consumer = z.infer<typeof consumerSchema>
export type Address = z.infer<typeof addressSchema>
export type Courier = z.infer<typeof courierSchema>
export type CourierPriority = z.infer<typeof courierPrioritySchema>
export type MerchantConfig = z.infer<typeof merchantConfigSchema>
export type Item = z.infer<typeof itemSchema>
export type Discount = z.infer<typeof discountSchema>
export type ShippingOptions = z.infer<typeof shippingOptionsSchema>
