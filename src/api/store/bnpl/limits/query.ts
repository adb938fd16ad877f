import type { NextFunction } from "express"
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { z } from "zod"
import { nameForMessage } from "../../../validate-request"

const USAGE = "GET /store/bnpl/limits?currency_code=<ISO 4217, e.g. gbp>&amount=<optional, major units, e.g. 49.95>&product_id=<optional>"

/**
 * The query of `GET /store/bnpl/limits`: a currency, and optionally an amount in major units
 * as a storefront shows it (a product's `calculated_amount`, a cart's `total`), and optionally
 * the product whose page asks (`product_id`), checked against the exclusions. Unknown
 * parameters are refused so that a misspelt `ammount` is not silently ignored.
 */
export const limitsQuerySchema = z.strictObject({
  currency_code: z
    .string({ error: "is required" })
    .regex(/^[a-zA-Z]{3}$/, "must be a three-letter ISO 4217 code such as gbp")
    .transform((value) => value.toUpperCase()),
  amount: z
    .string()
    .regex(/^\d{1,12}(\.\d{1,4})?$/, "must be a non-negative decimal in major units with at most 4 decimals, such as 49.95")
    .optional(),
  /** A product page's product: answered `excluded_items` when the merchant excluded it. */
  product_id: z
    .string()
    .regex(/^prod_[0-9A-Za-z]{1,64}$/, "must be a product id (prod_ followed by letters and digits)")
    .optional(),
})

/** The parsed query: `currency_code` upper-cased, `amount` and `product_id` as given. */
export type LimitsQuery = z.output<typeof limitsQuerySchema>

/**
 * Parses the query with `limitsQuerySchema` before the route runs; a bad value answers 400
 * naming the parameter and the rule, e.g. `amount must be a non-negative decimal ...`. No
 * value is echoed, and an unknown parameter's name at most 40 characters long, without markup.
 */
export function validateLimitsQuery(req: MedusaRequest, _res: MedusaResponse, next: NextFunction): void {
  const result = limitsQuerySchema.safeParse(req.query)
  if (!result.success) {
    const issue = result.error.issues[0]
    // An unknown name is the caller's text: bounded and without markup (nameForMessage).
    const field = issue.code === "unrecognized_keys" ? nameForMessage(issue.keys[0]) : issue.path.map(nameForMessage).join(".") || "query"
    const rule = issue.code === "unrecognized_keys" ? "is not a parameter of this route" : issue.message
    return next(new MedusaError(MedusaError.Types.INVALID_DATA, `${field} ${rule}: ${USAGE}`))
  }
  req.validatedQuery = result.data
  next()
}
