import { z } from "zod"
import { moneySchema } from "../../client/schemas"
import { popupAddressSchema, type PopupAddress } from "./addresses"

const max = (limit: number) => z.string().max(limit, `must be at most ${limit} characters`)

/**
 * A shipping option as the merchant's page answers it to the popup
 * (`actions.resolve([{ id, name, description, shippingAmount, taxAmount, orderAmount }])`,
 * docs/service-api.md "Express checkout"), amounts as Money with API strings.
 * `orderAmount` is the order's total with this option: what the consumer approves.
 */
export const expressShippingOptionSchema = z.strictObject({
  id: max(128).min(1, "is required"),
  name: max(255).optional(),
  description: max(1024).optional(),
  shippingAmount: moneySchema,
  taxAmount: moneySchema.optional(),
  orderAmount: moneySchema,
})

export type ExpressShippingOption = z.infer<typeof expressShippingOptionSchema>

/**
 * What the consumer's Confirm in the popup records, and what
 * `POST /__control/express/:token/confirm` takes: the address (default: the first GB preset),
 * the e-mail (default: that preset's), the chosen option, and `outcome` (`decline`: the
 * consumer confirms with a card the following Auth declines, as on the standard screens).
 */
export const expressConfirmationSchema = z.strictObject({
  address: popupAddressSchema.optional(),
  email: z.email({ message: "must be an e-mail address" }).max(128, "must be at most 128 characters").optional(),
  option: expressShippingOptionSchema,
  outcome: z.enum(["approve", "decline"], { message: "must be approve or decline" }).optional(),
})

export type ExpressConfirmation = z.infer<typeof expressConfirmationSchema>

/** An express checkout's confirmation as stored beside the checkout (kept by saved-state.ts). */
export interface StoredExpressChoice {
  address: PopupAddress
  email: string
  option: ExpressShippingOption
  /** ISO 8601, sandbox clock. */
  confirmedAt: string
}
