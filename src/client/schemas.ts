import { z } from "zod"

// Requests are strict about the document's limits so nothing the service would refuse is sent.
// Responses are lenient: refused only when a field we rely on is missing or malformed.

import {
  addressSchema,
  consumerSchema,
  courierSchema,
  itemSchema,
  discountSchema,
  max,
  merchantConfigSchema,
  moneyResponseSchema,
  moneySchema,
  shippingOptionsSchema,
} from "./resource-schemas"

/** Create Checkout's fields without `checkoutModeRules`, for the sandbox to extend. */
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
  shippingOptionIdentifier: max(128).optional(),
})

/**
 * A standard checkout needs the consumer's e-mail; an express one needs `merchant.popupOriginUrl`
 * and takes e-mail and address in the popup. docs/service-api.md "Express checkout".
 */
export function checkoutModeRules(
  body: { mode?: string; consumer?: { email?: string }; merchant?: { popupOriginUrl?: string } },
  context: z.core.$RefinementCtx,
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

/** docs/service-api.md "Create Checkout". */
export const createCheckoutRequestSchema = createCheckoutRequestShape.superRefine(checkoutModeRules)

export const createCheckoutResponseSchema = z.looseObject({
  token: z.string().min(1),
  expires: z.string(),
  redirectCheckoutUrl: z.string(),
})

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

/** docs/service-api.md "Checkout"; after an express confirmation it carries the consumer's choices and final `amount`. */
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
