import { z } from "zod"

/**
 * zod schemas for every request and response body of the Merchant API v2.
 * Source: docs/service-api.md "Resources and their fields" and "Endpoints"; the parts the
 * document does not show (Create Checkout, capture, void, the Payment object's fields) come
 * from docs/service-api.md and are marked so.
 *
 * Request schemas are strict about the document's limits (lengths, enums, 2-decimal
 * amounts) so that nothing the service would refuse is sent. Response schemas are lenient:
 * the service may add fields, and a response is only refused when a field we rely on is
 * missing or malformed.
 */

const max = (limit: number) => z.string().max(limit, `must be at most ${limit} characters`)

/** An amount string the API accepts: digits, a point, exactly two digits (docs/service-api.md "Money"). */
export const apiAmountSchema = z
  .string()
  .regex(/^\d+\.\d{2}$/, "must be a non-negative decimal string with exactly 2 decimal places")

const currencySchema = z
  .string()
  .regex(/^[A-Z]{3}$/, "must be an ISO 4217 currency code in capitals")

/** Money in a request (docs/service-api.md "Money"). */
export const moneySchema = z.object({ amount: apiAmountSchema, currency: currencySchema })

/** Money as the service sends it; any decimal string is read. */
export const moneyResponseSchema = z.looseObject({
  amount: z.string().regex(/^-?\d+(\.\d+)?$/, "must be a decimal string"),
  currency: z.string(),
})

/** A country: ISO 3166-1 alpha-2, in capitals. */
export const countryCodeSchema = z
  .string()
  .regex(/^[A-Z]{2}$/, "must be a two-letter ISO 3166-1 alpha-2 code in capitals")

const isoDateTimeSchema = z.iso.datetime({
  offset: true,
  message: "must be an ISO 8601 date and time, e.g. 2026-11-21T10:00:00Z",
})

/** Consumer (docs/service-api.md "Consumer"). */
export const consumerSchema = z.strictObject({
  phoneNumber: max(32).optional(),
  givenNames: max(128).optional(),
  surname: max(128).optional(),
  email: max(128).optional(),
})

/** Address, for billing and shipping (docs/service-api.md "Address"). */
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

/** Courier (docs/service-api.md "Courier"). */
export const courierSchema = z.strictObject({
  shippedAt: isoDateTimeSchema.optional(),
  name: max(128).optional(),
  tracking: max(128).optional(),
  priority: courierPrioritySchema.optional(),
})

/** MerchantConfig (docs/service-api.md "MerchantConfig"). */
export const merchantConfigSchema = z.strictObject({
  redirectConfirmUrl: z.url({ message: "must be an absolute URL" }).optional(),
  redirectCancelUrl: z.url({ message: "must be an absolute URL" }).optional(),
  popupOriginUrl: z.url({ message: "must be an absolute URL" }).optional(),
  name: z.string().optional(),
})

/** Item (docs/service-api.md "Item"); `price` is the unit price and must be positive. */
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
  // Wire shape per docs/service-api.md: an array of category paths.
  categories: z.array(z.array(z.string())).optional(),
  estimatedShipmentDate: z
    .string()
    .regex(/^\d{4}-\d{2}(-\d{2})?$/, "must be YYYY-MM or YYYY-MM-DD")
    .optional(),
})

/** Discount (docs/service-api.md "Discount"). */
export const discountSchema = z.strictObject({
  displayName: max(128).optional(),
  amount: moneySchema.optional(),
})

/** ShippingOptions (docs/service-api.md "ShippingOptions"). */
export const shippingOptionsSchema = z.strictObject({
  shippingCountry: countryCodeSchema.optional(),
  supportedShippingCountries: z.array(countryCodeSchema).optional(),
})

/**
 * Create Checkout's fields without `checkoutModeRules`, for the sandbox to extend. */
export const createCheckoutRequestShape = z.strictObject({
  amount: moneySchema,
  consumer: consumerSchema.extend({ email: max(128).min(1, "is required").optional() }).optional(),
  billing: addressSchema.optional(),
  shipping: addressSchema.optional(),
  courier: courierSchema.optional(),
  description: z.string().optional(),
  items: z.array(itemSchema).max(100, "must have at most 100 items").optional(),
  discounts: z.array(discountSchema).optional(),
  merchant: merchantConfigSchema.optional(),
  merchantReference: max(128).optional(),
  taxAmount: moneySchema.optional(),
  shippingAmount: moneySchema.optional(),
  mode: z.enum(["express", "standard"], { message: "must be express or standard" }).optional(),
  shippingOptions: shippingOptionsSchema.optional(),
  /** Express only: the shipping option to pre-select (docs/service-api.md "Express checkout"). */
  shippingOptionIdentifier: max(128).optional(),
})

/**
 * The rules between a checkout's fields (docs/service-api.md "Create Checkout" and
 * "Express checkout"): a standard checkout needs the consumer's e-mail; an express one needs
 * `merchant.popupOriginUrl` (docs/service-api.md "MerchantConfig": "required for express
 * checkout") and has the consumer give e-mail and address in the popup instead.
 */
export function checkoutModeRules(
  body: { mode?: string; consumer?: { email?: string }; merchant?: { popupOriginUrl?: string } },
  context: z.core.$RefinementCtx
): void {
  if (body.mode === "express") {
    if (!body.merchant?.popupOriginUrl) {
      context.addIssue({ code: "custom", message: "is required for an express checkout", path: ["merchant", "popupOriginUrl"] })
    }
    return
  }
  // An empty e-mail is refused by the field's own rule.
  if (body.consumer?.email === undefined) context.addIssue({ code: "custom", message: "is required", path: ["consumer", "email"] })
}

/**
 * Create Checkout request (docs/service-api.md "Create Checkout"): the Checkout's
 * fields but `token`, `expires`, `redirectCheckoutUrl`; `amount` required; at most 100 items;
 * `consumer.email` for a standard checkout, `merchant.popupOriginUrl` for an express one.
 */
export const createCheckoutRequestSchema = createCheckoutRequestShape.superRefine(checkoutModeRules)

/** Create Checkout 201 body. */
export const createCheckoutResponseSchema = z.looseObject({
  token: z.string().min(1),
  expires: z.string(),
  redirectCheckoutUrl: z.string(),
})

/** An Address as the service answers it: every field optional text (docs/service-api.md "Address"). */
const addressResponseSchema = z.looseObject({
  name: z.string().optional(),
  line1: z.string().optional(),
  line2: z.string().optional(),
  area1: z.string().optional(),
  area2: z.string().optional(),
  region: z.string().optional(),
  postcode: z.string().optional(),
  countryCode: z.string().optional(),
  phoneNumber: z.string().optional(),
})

/**
 * Checkout, the 200 body of Get Checkout (docs/service-api.md "Checkout"). After an express checkout's
 * confirmation it carries the consumer, the chosen `shipping` address, the chosen option's
 * `shippingOptionIdentifier` and the final `amount` (docs/service-api.md "Express checkout").
 */
export const checkoutSchema = z.looseObject({
  token: z.string().min(1),
  expires: z.string(),
  redirectCheckoutUrl: z.string().optional(),
  amount: moneyResponseSchema.optional(),
  consumer: z
    .looseObject({
      email: z.string().optional(),
      givenNames: z.string().optional(),
      surname: z.string().optional(),
      phoneNumber: z.string().optional(),
    })
    .optional(),
  billing: addressResponseSchema.optional(),
  shipping: addressResponseSchema.optional(),
  shippingOptionIdentifier: z.string().optional(),
  courier: z.looseObject({}).optional(),
  description: z.string().optional(),
  merchant: z.looseObject({}).optional(),
  mode: z.string().optional(),
  merchantReference: z.string().optional(),
  items: z.array(z.looseObject({})).optional(),
  discounts: z.array(z.looseObject({})).optional(),
  shippingAmount: moneyResponseSchema.optional(),
  taxAmount: moneyResponseSchema.optional(),
  shippingOptions: z.looseObject({}).optional(),
})

/** A unique id for safe retries. 64 characters is the longest the service remembers (refunds). */
export const requestIdSchema = max(64).min(1, "must not be empty")

/**
 * Auth request ("Endpoints: Auth"). `amount` is the total the merchant will charge: required
 * for an express checkout (the consumer chose address and shipping in the popup), where the
 * service refuses any other amount than the one approved (docs/service-api.md
 * "Express checkout"); a standard checkout is sent without it.
 */
export const authRequestSchema = z.strictObject({
  token: z.string().min(1, "is required (a checkout token)"),
  requestId: requestIdSchema.optional(),
  merchantReference: max(128).optional(),
  amount: moneySchema.optional(),
})

/** A payment event; `expires` on AUTH_APPROVED is the authorisation's expiry ("Events"). */
export const paymentEventSchema = z.looseObject({
  id: z.string().optional(),
  created: z.string().optional(),
  expires: z.string().optional(),
  type: z.string(),
  amount: moneyResponseSchema.optional(),
  paymentEventMerchantReference: z.string().optional(),
})

/** Refund (docs/service-api.md "Refund"): echoed request fields plus `refundId` and `refundedAt`. */
export const refundSchema = z.looseObject({
  refundId: z.string().min(1),
  refundedAt: z.string(),
  amount: moneyResponseSchema.optional(),
  requestId: z.string().optional(),
  merchantReference: z.string().optional(),
  refundMerchantReference: z.string().optional(),
})

/**
 * Payment (order) (docs/service-api.md "Payment (order)"; field list from docs/service-api.md
 * "Payment (order)").
 */
export const paymentSchema = z.looseObject({
  id: z.string().min(1),
  token: z.string().optional(),
  status: z.string(),
  created: z.string().optional(),
  originalAmount: moneyResponseSchema.optional(),
  openToCaptureAmount: moneyResponseSchema.optional(),
  paymentState: z.string().optional(),
  merchantReference: z.string().optional(),
  refunds: z.array(refundSchema).optional(),
  orderDetails: z.looseObject({}).optional(),
  events: z.array(paymentEventSchema).optional(),
})

/** A declined Auth's 402 body: a Payment whose `id` the document does not promise. */
export const declinedPaymentSchema = paymentSchema.extend({ id: z.string().optional() })

/** Create Refund request ("Endpoints: Create Refund"). */
export const createRefundRequestSchema = z
  .strictObject({
    amount: moneySchema,
    requestId: requestIdSchema.optional(),
    merchantReference: max(85).optional(),
    refundMerchantReference: max(128).optional(),
  })
  .refine((body) => !(body.merchantReference && !body.requestId), {
    message: "must be sent together with requestId for the refund to be idempotent",
    path: ["merchantReference"],
  })

/** Capture request (docs/service-api.md "Capture Payment"). */
export const captureRequestSchema = z.strictObject({
  requestId: requestIdSchema,
  merchantReference: max(128).optional(),
  amount: moneySchema,
  paymentEventMerchantReference: max(128).optional(),
})

/** Void request (docs/service-api.md "Endpoints beyond the document"). */
export const voidRequestSchema = z.strictObject({
  requestId: requestIdSchema,
  amount: moneySchema.optional(),
})

/**
 * Immediate Payment Capture request (docs/service-api.md "Endpoints beyond the document"):
 * authorises and captures the whole amount in one call. `amount`, when sent, is the checkout's.
 */
export const immediateCaptureRequestSchema = z.strictObject({
  token: z.string().min(1, "is required (a checkout token)"),
  requestId: requestIdSchema.optional(),
  merchantReference: max(128).optional(),
  amount: moneySchema.optional(),
})

/** Update Payment request (docs/service-api.md): the payment's new merchant reference. */
export const updatePaymentRequestSchema = z.strictObject({
  merchantReference: max(128).min(1, "is required"),
})

/** Update Shipping Courier request ("Endpoints: Update Shipping Courier"). */
export const updateShippingCourierRequestSchema = courierSchema

/** Get Configuration 200 body (docs/service-api.md "Configuration"). */
export const configurationSchema = z.looseObject({
  minimumAmount: moneyResponseSchema,
  maximumAmount: moneyResponseSchema,
})

export const paymentStatusFilterSchema = z.enum(["APPROVED", "DECLINED"], {
  message: "must be APPROVED or DECLINED",
})

/** List Payments query ("Endpoints: List Payments"). */
export const listPaymentsQuerySchema = z.strictObject({
  toCreatedDate: isoDateTimeSchema.optional(),
  fromCreatedDate: isoDateTimeSchema.optional(),
  limit: z
    .number()
    .int("must be a whole number")
    .min(1, "must be from 1 to 250")
    .max(250, "must be from 1 to 250")
    .optional(),
  offset: z.number().int("must be a whole number").min(0, "must be 0 or more").optional(),
  includeNextLink: z.boolean().optional(),
  tokens: z.array(z.string().min(1)).optional(),
  ids: z.array(z.string().min(1)).optional(),
  merchantReferences: z.array(z.string().min(1)).optional(),
  statuses: z.array(paymentStatusFilterSchema).optional(),
  orderBy: z
    .enum(["createdAt", "id", "totalAmount", "merchantReference", "email"], {
      message: "must be one of createdAt, id, totalAmount, merchantReference, email",
    })
    .optional(),
  ascending: z.boolean().optional(),
})

/** The Pagination envelope (docs/service-api.md "Pagination envelope"). */
export const paymentsPageSchema = z.looseObject({
  limit: z.number().int(),
  offset: z.number().int(),
  totalResults: z.number().int(),
  results: z.array(paymentSchema),
  nextPageUrl: z.string().optional(),
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
export type CreateCheckoutRequest = z.infer<typeof createCheckoutRequestSchema>
export type CreateCheckoutResponse = z.infer<typeof createCheckoutResponseSchema>
export type Checkout = z.infer<typeof checkoutSchema>
export type AuthRequest = z.infer<typeof authRequestSchema>
export type PaymentEvent = z.infer<typeof paymentEventSchema>
export type Payment = z.infer<typeof paymentSchema>
export type Refund = z.infer<typeof refundSchema>
export type CreateRefundRequest = z.infer<typeof createRefundRequestSchema>
export type CaptureRequest = z.infer<typeof captureRequestSchema>
export type VoidRequest = z.infer<typeof voidRequestSchema>
export type ImmediateCaptureRequest = z.infer<typeof immediateCaptureRequestSchema>
export type UpdatePaymentRequest = z.infer<typeof updatePaymentRequestSchema>
export type UpdateShippingCourierRequest = z.infer<typeof updateShippingCourierRequestSchema>
export type Configuration = z.infer<typeof configurationSchema>
export type ListPaymentsQuery = z.infer<typeof listPaymentsQuerySchema>
export type PaymentsPage = z.infer<typeof paymentsPageSchema>

export { accessTokenResponseSchema, errorBodySchema, type AccessTokenResponse, type ErrorBody } from "./token-and-error-schemas"
export { describeIssue } from "./describe-issue"
