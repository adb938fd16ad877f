import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import type { z } from "zod"

/** How many characters of an unknown parameter's name an error message may show. */
export const MAX_ECHOED_NAME_LENGTH = 40

/** An unknown parameter's name as an error may echo it: at most 40 characters, markup and control characters as `?`. */
export function nameForMessage(name: unknown): string {
  const text = String(name)
  const safe = Array.from(text.slice(0, MAX_ECHOED_NAME_LENGTH * 2))
    .slice(0, MAX_ECHOED_NAME_LENGTH)
    .map((character) => (/^[\w.\-[\]$]$/.test(character) ? character : "?"))
    .join("")
  return Array.from(text).length > MAX_ECHOED_NAME_LENGTH ? `${safe}…` : safe
}

/**
 * Parses a request part, naming the first problem by field and rule but never echoing the value,
 * e.g. `Invalid request: cart_id must be a cart id (cart_ followed by 26 characters)`; throws MedusaError INVALID_DATA.
 */
export function parseRequestPart<Schema extends z.ZodType>(schema: Schema, value: unknown, part: string): z.output<Schema> {
  const result = schema.safeParse(value ?? {})
  if (result.success) return result.data
  const issue = result.error.issues[0]
  const path = issue.path.map(nameForMessage)
  if (issue.code === "unrecognized_keys") path.push(nameForMessage(issue.keys[0]))
  const field = path.join(".") || part
  const rule = issue.code === "unrecognized_keys" ? "is not accepted here" : issue.message
  // A schema whose messages already name their field is not prefixed twice.
  const text = rule.startsWith(`${field} `) ? rule : `${field} ${rule}`
  throw new MedusaError(MedusaError.Types.INVALID_DATA, `Invalid request: ${text}`)
}

/** Middleware for queries; not Medusa's `validateAndTransformQuery`, which splits arrays on commas and echoes values. */
export function validateQuery(schema: z.ZodType) {
  return (req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction): void => {
    try {
      ;(req as unknown as { validatedQuery: unknown }).validatedQuery = parseRequestPart(schema, req.query, "query")
      next()
    } catch (error) {
      next(error)
    }
  }
}

/** Middleware: parses `req.body` with `schema` into `req.validatedBody`, or answers 400. */
export function validateBody(schema: z.ZodType) {
  return (req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction): void => {
    try {
      ;(req as unknown as { validatedBody: unknown }).validatedBody = parseRequestPart(schema, req.body, "body")
      next()
    } catch (error) {
      next(error)
    }
  }
}
