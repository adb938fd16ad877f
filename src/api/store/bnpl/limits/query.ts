import type { NextFunction } from "express"
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { z } from "zod"
import { nameForMessage } from "../../../validate-request"

const USAGE = "GET /store/bnpl/limits?currency_code=<ISO 4217, e.g. gbp>&amount=<optional, major units, e.g. 49.95>&product_id=<optional>"

/** The `GET /store/bnpl/limits` query; unknown parameters are refused, so a misspelt `ammount` is not silently ignored. */
export const limitsQuerySchema = z.strictObject({
  currency_code: z
    .string({ error: "is required" })
    .regex(/^[a-zA-Z]{3}$/, "must be a three-letter ISO 4217 code such as gbp")
    .transform((value) => value.toUpperCase()),
  amount: z
    .string()
    .regex(/^\d{1,12}(\.\d{1,4})?$/, "must be a non-negative decimal in major units with at most 4 decimals, such as 49.95")
    .optional(),
  product_id: z
    .string()
    .regex(/^prod_[0-9A-Za-z]{1,64}$/, "must be a product id (prod_ followed by letters and digits)")
    .optional(),
})

/** The parsed query: `currency_code` upper-cased, `amount` and `product_id` as given. */
export type LimitsQuery = z.output<typeof limitsQuerySchema>

/** Middleware: parses the query, or 400 naming the parameter and the rule, never echoing the value. */
export function validateLimitsQuery(req: MedusaRequest, _res: MedusaResponse, next: NextFunction): void {
  const result = limitsQuerySchema.safeParse(req.query)
  if (!result.success) {
    const issue = result.error.issues[0]
    const field = issue.code === "unrecognized_keys" ? nameForMessage(issue.keys[0]) : issue.path.map(nameForMessage).join(".") || "query"
    const rule = issue.code === "unrecognized_keys" ? "is not a parameter of this route" : issue.message
    next(new MedusaError(MedusaError.Types.INVALID_DATA, `${field} ${rule}: ${USAGE}`))
    return
  }
  req.validatedQuery = result.data
  next()
}
