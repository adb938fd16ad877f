import type { z } from "zod"
import type { EndpointName } from "./endpoints"
import { BnplApiError, BnplValidationError } from "./errors"
import { describeIssue } from "./schemas"

/**
 * Checks a request body (or query, or path parameter) against its schema before anything is
 * sent, so a value the service would refuse never leaves the process.
 * @returns the parsed value, which is what gets sent.
 * @throws BnplValidationError(endpoint, field, rule), e.g. field `items[3].name`,
 *   rule `must be at most 255 characters`.
 */
export function validateRequest<S extends z.ZodType>(
  endpoint: EndpointName,
  schema: S,
  value: unknown
): z.output<S> {
  const result = schema.safeParse(value)
  if (!result.success) {
    const { field, rule } = describeIssue(result.error)
    throw new BnplValidationError(endpoint, field, rule)
  }
  return result.data
}

/**
 * Checks a 2xx body against its schema.
 * @throws BnplApiError `invalid_response` naming the field that does not match; the message
 *   never quotes the body (it may hold personal data).
 */
export function parseResponse<S extends z.ZodType>(
  endpoint: EndpointName,
  schema: S,
  value: unknown,
  httpStatusCode?: number
): z.output<S> {
  const result = schema.safeParse(value)
  if (!result.success) {
    const { field, rule } = describeIssue(result.error)
    throw new BnplApiError({
      code: "invalid_response",
      endpoint,
      httpStatusCode,
      field: field || undefined,
      message: `${endpoint}: the response does not match the API: ${field || "body"} ${rule}`,
    })
  }
  return result.data
}

/** A path parameter (order id, token) must be a non-empty string; it is URL-encoded later. */
export function requirePathParam(endpoint: EndpointName, field: string, value: unknown): string {
  if (typeof value !== "string" || value.trim() === "") {
    throw new BnplValidationError(endpoint, field, "is required")
  }
  return value
}
