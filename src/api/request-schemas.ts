import { z } from "zod"
import { PROVIDER_ID_PATTERN } from "../vocabulary"

// Each route parses its input with these before anything reaches `query.graph`, a module or the service: Express parses
// `cart_id[$ne]=x` into an object, which would reach a filter as an operator (docs/security.md "Who can reach what").

/** Medusa's ids: a prefix, `_`, then a ULID (26 characters of Crockford base 32, upper case). */
const medusaId = (prefix: string) =>
  z
    .string({ error: `must be a ${prefix} id (${prefix}_ followed by 26 characters)` })
    .regex(new RegExp(`^${prefix}_[0-9A-HJKMNP-TV-Z]{26}$`), `must be a ${prefix} id (${prefix}_ followed by 26 characters)`)

export const cartIdSchema = medusaId("cart")
export const orderIdSchema = medusaId("order")
export const paymentCollectionIdSchema = medusaId("pay_col")

/** A checkout token: visible ASCII, generously bounded, as docs/service-api.md "Checkout" gives no format. */
export const orderTokenSchema = z
  .string({ error: "must be a checkout token (text)" })
  .regex(/^[\x21-\x7e]{1,512}$/, "must be a checkout token (1 to 512 visible ASCII characters)")

/** `GET /bnpl/return` query (docs/service-api.md "Create Checkout"); unknown parameters are ignored, the service may add its own. */
export const returnQuerySchema = z.object({
  cart_id: cartIdSchema,
  orderToken: orderTokenSchema,
  status: z.enum(["SUCCESS", "CANCELLED"], { error: "must be SUCCESS or CANCELLED" }).optional(),
})
export type ReturnQuery = z.output<typeof returnQuerySchema>

/** `GET /bnpl/return?payment_collection_id=`: the return of an order's payment collection; unknown parameters ignored. */
export const collectionReturnQuerySchema = z.object({
  payment_collection_id: paymentCollectionIdSchema,
  orderToken: orderTokenSchema,
  status: z.enum(["SUCCESS", "CANCELLED"], { error: "must be SUCCESS or CANCELLED" }).optional(),
})

/** `GET /store/bnpl/payment-collections/:id` query: the order the payment link names. */
export const paymentLinkQuerySchema = z.strictObject({ order_id: orderIdSchema })

/** `GET /store/bnpl/eligibility` query. */
export const eligibilityQuerySchema = z.strictObject({ cart_id: cartIdSchema })

/** Admin routes that take no input: anything sent is refused rather than ignored. */
export const emptyQuerySchema = z.strictObject({})
export const emptyBodySchema = z.strictObject({})

/** `POST /store/bnpl/carts/:id/express` body: which pay-later provider, when the store has several. */
export const expressStartBodySchema = z.strictObject({
  provider_id: z
    .string({ error: "must be a pay later payment provider id (pp_bnpl_…)" })
    .regex(PROVIDER_ID_PATTERN, "must be a pay later payment provider id (pp_bnpl_…)")
    .optional(),
})

const popupText = (limit: number) =>
  z
    .string({ error: "must be text" })
    .max(limit, `must be at most ${limit} characters`)
    .nullish()
    .transform((value) => value ?? undefined)

/** The popup's `onShippingAddressChange` address (limits of docs/service-api.md "Address"); extra fields dropped, `null` absent. */
export const popupAddressSchema = z.object({
  name: popupText(255),
  address1: z
    .string({ error: "is required (the first address line)" })
    .trim()
    .min(1, "is required (the first address line)")
    .max(128, "must be at most 128 characters"),
  address2: popupText(128),
  area2: popupText(128),
  suburb: popupText(128),
  state: popupText(128),
  postcode: popupText(128),
  countryCode: z
    .string({ error: "is required (a two-letter ISO 3166-1 country code)" })
    .regex(/^[A-Za-z]{2}$/, "must be a two-letter ISO 3166-1 country code"),
  phoneNumber: popupText(32),
})

/** `POST /store/bnpl/carts/:id/express/complete` body: the token `onComplete` gave with SUCCESS. */
export const expressCompleteBodySchema = z.strictObject({ orderToken: orderTokenSchema })
