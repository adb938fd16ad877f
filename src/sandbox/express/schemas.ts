import { z } from "zod"
import { moneySchema } from "../../client/schemas"
import { popupAddressSchema, type PopupAddress } from "./addresses"

const max = (limit: number) => z.string().max(limit, `must be at most ${limit} characters`)

/** A shipping option as the merchant's page answers the popup; `orderAmount`, the total with it, is what the consumer approves. */
export const expressShippingOptionSchema = z.strictObject({
  id: max(128).min(1, "is required"),
  name: max(255).optional(),
  description: max(1024).optional(),
  shippingAmount: moneySchema,
  taxAmount: moneySchema.optional(),
  orderAmount: moneySchema,
})

export type ExpressShippingOption = z.infer<typeof expressShippingOptionSchema>

/** The popup's Confirm, as `POST /__control/express/:token/confirm` takes it too. */
export const expressConfirmationSchema = z.strictObject({
  address: popupAddressSchema.optional(),
  email: z.email({ message: "must be an e-mail address" }).max(128, "must be at most 128 characters").optional(),
  option: expressShippingOptionSchema,
  outcome: z.enum(["approve", "decline"], { message: "must be approve or decline" }).optional(),
})

export type ExpressConfirmation = z.infer<typeof expressConfirmationSchema>

/** An express confirmation as stored beside the checkout. */
export interface StoredExpressChoice {
  address: PopupAddress
  email: string
  option: ExpressShippingOption
  /** ISO 8601, sandbox clock. */
  confirmedAt: string
}
