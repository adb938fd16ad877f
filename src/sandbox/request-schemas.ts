import { z } from "zod"
import {
  authRequestSchema,
  captureRequestSchema,
  createCheckoutRequestSchema,
  createRefundRequestSchema,
  moneySchema,
  requestIdSchema,
  updateShippingCourierRequestSchema,
  voidRequestSchema,
} from "../client/schemas"

/**
 * The request bodies as the service takes them. They start from the client's schemas, so the
 * sandbox and the plugin agree on every rule of the document, and differ only where the real
 * service is known to be more lenient than the plugin chooses to be
 * (api-beyond-the-document.md). Unknown fields are handled by `parseRequestBody`, not here.
 */

const countryCodeSchema = z
  .string()
  .regex(/^[A-Z]{2}$/, "must be a two-letter ISO 3166-1 alpha-2 code in capitals")

/**
 * Create Checkout: the client's schema plus `purchaseCountry` (api-beyond-the-document.md
 * "Create Checkout": accepted, two letters; the official PHP SDK sends it on every checkout).
 */
export const serviceCreateCheckoutSchema = createCheckoutRequestSchema.extend({
  purchaseCountry: countryCodeSchema.optional(),
})
export type ServiceCreateCheckoutRequest = z.infer<typeof serviceCreateCheckoutSchema>

/** Auth, as the document has it. */
export const serviceAuthSchema = authRequestSchema

/** Capture: `requestId` optional (api-beyond-the-document.md "Deferred capture"; the SDK's tests capture without it). */
export const serviceCaptureSchema = captureRequestSchema.extend({ requestId: requestIdSchema.optional() })

/** Void: `requestId` and `amount` optional; no body at all voids everything still open. */
export const serviceVoidSchema = voidRequestSchema.extend({ requestId: requestIdSchema.optional() })

/**
 * Create Refund: the client's fields without its extra rule that `merchantReference` needs a
 * `requestId`: the client insists on it so its refunds are idempotent, but the service
 * accepts a merchantReference alone (it is then simply not idempotent).
 */
export const serviceRefundSchema = z.strictObject(createRefundRequestSchema.shape)

/** Update Shipping Courier, as the document has it. */
export const serviceCourierSchema = updateShippingCourierRequestSchema

/**
 * Immediate Payment Capture, `POST /v2/payments/capture` (api-beyond-the-document.md):
 * `{ token, requestId?, merchantReference?, amount? }`.
 */
export const serviceImmediateCaptureSchema = z.strictObject({
  token: z.string().min(1, "is required (a checkout token)"),
  requestId: requestIdSchema.optional(),
  merchantReference: z.string().max(128, "must be at most 128 characters").optional(),
  amount: moneySchema.optional(),
})

/** Update Payment, `PUT /v2/payments/{orderId}` (api-beyond-the-document.md): `{ merchantReference }`. */
export const serviceUpdatePaymentSchema = z.strictObject({
  merchantReference: z
    .string()
    .min(1, "is required")
    .max(128, "must be at most 128 characters"),
})
