import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import type { z } from "zod"

/** How many characters of an unknown parameter's name an error message may show. */
export const MAX_ECHOED_NAME_LENGTH = 40

/**
 * An unknown parameter's name as an error message may show it: at most 40 characters (then
 * `…`), and only letters, digits and `_ . - [ ] $`; any other character (`<`, `>`, quotes,
 * spaces, control characters) becomes `?`. So `?<script>=1` answers `?script? is not
 * accepted here`, and a 6,000-character name is not sent back.
 */
export function nameForMessage(name: unknown): string {
  const text = String(name)
  const safe = Array.from(text.slice(0, MAX_ECHOED_NAME_LENGTH * 2))
    .slice(0, MAX_ECHOED_NAME_LENGTH)
    .map((character) => (/^[\w.\-[\]$]$/.test(character) ? character : "?"))
    .join("")
  return Array.from(text).length > MAX_ECHOED_NAME_LENGTH ? `${safe}…` : safe
}

/**
 * Parses a request part with a zod schema and explains the first problem by field and rule,
 * e.g. `Invalid request: cart_id must be a cart id (cart_ followed by 26 characters)`.
 * The value sent is never echoed: it may be very long, or someone else's data; an unknown
 * parameter's name is shown through `nameForMessage` (bounded, no markup).
 * @throws MedusaError INVALID_DATA (a 400 through Medusa's error handler).
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

/**
 * Middleware: parses `req.query` with `schema` into `req.validatedQuery`, or answers 400.
 * Used instead of Medusa's `validateAndTransformQuery`, which splits one-element arrays on
 * commas and echoes the value it refused; the plugin's routes take no list queries.
 */
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
