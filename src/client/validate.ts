import type { z } from "zod"
import type { EndpointName } from "./endpoints"
import { BnplInvalidResponseError, BnplValidationError } from "./errors"
import { describeIssue } from "./schemas"

/** Parses a request before anything is sent; the parsed value is what gets sent. @throws BnplValidationError naming field and rule. */
export function validateRequest<S extends z.ZodType>(endpoint: EndpointName, schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value)
  if (!result.success) {
    const { field, rule } = describeIssue(result.error)
    throw new BnplValidationError(endpoint, field, rule)
  }
  return result.data
}

/** Checks a 2xx body. @throws BnplApiError `invalid_response`, never quoting the body (it may hold personal data). */
export function parseResponse<S extends z.ZodType>(
  endpoint: EndpointName,
  schema: S,
  value: unknown,
  httpStatusCode?: number,
): z.output<S> {
  const result = schema.safeParse(value)
  if (!result.success) {
    const { field, rule } = describeIssue(result.error)
    throw new BnplInvalidResponseError({
      endpoint,
      httpStatusCode,
      field: field || undefined,
      message: `${endpoint}: the response does not match the API: ${field || "body"} ${rule}`,
    })
  }
  return result.data
}

/** A non-empty string; URL-encoded later. @throws BnplValidationError. */
export function requirePathParam(endpoint: EndpointName, field: string, value: unknown): string {
  if (typeof value !== "string" || value.trim() === "") {
    throw new BnplValidationError(endpoint, field, "is required")
  }
  return value
}
