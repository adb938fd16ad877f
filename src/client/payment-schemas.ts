import { z } from "zod"
import { courierSchema, isoDateTimeSchema, max, moneyResponseSchema, moneySchema } from "./resource-schemas"

// Requests strict; answers lenient, though a field the plugin relies on must be there and well formed.

/** 64 characters is the longest the service remembers (refunds). */
export const requestIdSchema = max(64).min(1, "must not be empty")

/**
 * docs/service-api.md "Auth". `amount` is required for an express checkout, where the service
 * refuses any amount but the approved one; a standard checkout is sent without it.
 */
export const authRequestSchema = z.strictObject({
  token: z.string().min(1, "is required (a checkout token)"),
  requestId: requestIdSchema.optional(),
  merchantReference: max(128).optional(),
  amount: moneySchema.optional(),
})

/** A payment event; a `paymentEventMerchantReference: null` from the service is read as absent. */
export const paymentEventSchema = z.looseObject({
  id: z.string().optional(),
  created: z.string().optional(),
  expires: z.string().optional(),
  type: z.string(),
  amount: moneyResponseSchema.optional(),
  paymentEventMerchantReference: z
    .string()
    .nullish()
    .transform((reference) => reference ?? undefined)
    .optional(),
})

/** docs/service-api.md "Refund": echoed request fields plus `refundId` and `refundedAt`. */
export const refundSchema = z.looseObject({
  refundId: z.string().min(1),
  refundedAt: z.string(),
  amount: moneyResponseSchema.optional(),
  requestId: z.string().optional(),
  merchantReference: z.string().optional(),
  refundMerchantReference: z.string().optional(),
})

/** docs/service-api.md "Payment (order)". */
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

/** docs/service-api.md "Create Refund". */
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

/** docs/service-api.md "Capture Payment". */
export const captureRequestSchema = z.strictObject({
  requestId: requestIdSchema,
  merchantReference: max(128).optional(),
  amount: moneySchema,
  paymentEventMerchantReference: max(128).optional(),
})

/** docs/service-api.md "Endpoints beyond the document". */
export const voidRequestSchema = z.strictObject({
  requestId: requestIdSchema,
  amount: moneySchema.optional(),
})

/** docs/service-api.md "Endpoints beyond the document". `amount`, when sent, is the checkout's. */
export const immediateCaptureRequestSchema = z.strictObject({
  token: z.string().min(1, "is required (a checkout token)"),
  requestId: requestIdSchema.optional(),
  merchantReference: max(128).optional(),
  amount: moneySchema.optional(),
})

/** docs/service-api.md "Update Payment". */
export const updatePaymentRequestSchema = z.strictObject({
  merchantReference: max(128).min(1, "is required"),
})

export const updateShippingCourierRequestSchema = courierSchema

/** docs/service-api.md "Configuration". */
export const configurationSchema = z.looseObject({
  minimumAmount: moneyResponseSchema,
  maximumAmount: moneyResponseSchema,
})

export const paymentStatusFilterSchema = z.enum(["APPROVED", "DECLINED"], {
  message: "must be APPROVED or DECLINED",
})

/** docs/service-api.md "List Payments". */
export const listPaymentsQuerySchema = z.strictObject({
  toCreatedDate: isoDateTimeSchema.optional(),
  fromCreatedDate: isoDateTimeSchema.optional(),
  limit: z.number().int("must be a whole number").min(1, "must be from 1 to 250").max(250, "must be from 1 to 250").optional(),
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

/** docs/service-api.md "Pagination envelope". */
export const paymentsPageSchema = z.looseObject({
  limit: z.number().int(),
  offset: z.number().int(),
  totalResults: z.number().int(),
  results: z.array(paymentSchema),
  nextPageUrl: z.string().optional(),
})

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
