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

import { addressSchema, consumerSchema, countryCodeSchema, courierSchema, itemSchema, discountSchema, max, merchantConfigSchema, moneyResponseSchema, moneySchema, shippingOptionsSchema } from "./resource-schemas"

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

export type CreateCheckoutRequest = z.infer<typeof createCheckoutRequestSchema>
export type CreateCheckoutResponse = z.infer<typeof createCheckoutResponseSchema>
export type Checkout = z.infer<typeof checkoutSchema>

export * from "./resource-schemas"
export * from "./payment-schemas"

export { accessTokenResponseSchema, errorBodySchema, type AccessTokenResponse, type ErrorBody } from "./token-and-error-schemas"
export { describeIssue } from "./describe-issue"
