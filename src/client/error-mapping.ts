import type { EndpointName } from "./endpoints"
import {
  BnplApiError,
  BnplDeclinedError,
  BnplNetworkError,
  BnplTimeoutError,
  classifyServiceError,
} from "./errors"
import { declinedPaymentSchema, errorBodySchema } from "./schemas"

/**
 * Turns what came back (or did not) into a `BnplApiError`. Source: merchant-api-v2.md
 * "Errors" and "Resources: Error object"; codes of the undocumented endpoints from
 * api-beyond-the-document.md "Pagination, errors, idempotency".
 *
 * No message built here quotes a request, a header or more than a short piece of a body.
 */

const MAX_SERVICE_MESSAGE = 300

/** What one attempt knew about its connection when it failed. */
export interface ConnectionState {
  /** The TCP connection was established (or a kept-alive one was reused). */
  connected: boolean
  /** Our open time-out fired before the connection was established. */
  openTimedOut: boolean
}

/** Parses a body as JSON; `undefined` when it is empty or not JSON. */
export function tryParseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text.trim() === "") return { ok: false }
  try {
    return { ok: true, value: JSON.parse(text) }
  } catch {
    return { ok: false }
  }
}

/**
 * A non-2xx answer -> the error a caller can act on.
 * - A 402 whose body is a Payment with `status` DECLINED -> `BnplDeclinedError` with `payment`.
 * - A JSON error body -> `code` from `classifyServiceError(status, errorCode)`.
 * - No body, or a non-JSON 401 (its shape is "not shown") -> classified by status alone.
 * - Any other non-JSON body (an HTML error page from a proxy) -> `server_error` for 5xx,
 *   `invalid_response` otherwise, with a one-line message.
 */
export function errorFromResponse(
  endpoint: EndpointName,
  status: number,
  text: string,
  contentType: string | undefined,
  redact: (text: string) => string
): BnplApiError {
  const parsed = tryParseJson(text)
  if (!parsed.ok) {
    if (text.trim() === "" || status === 401) {
      return new BnplApiError({
        code: classifyServiceError(status),
        endpoint,
        httpStatusCode: status,
        message: `${endpoint}: HTTP ${status}`,
      })
    }
    return new BnplApiError({
      code: status >= 500 ? "server_error" : "invalid_response",
      endpoint,
      httpStatusCode: status,
      message: `${endpoint}: HTTP ${status} with a body that is not JSON (${
        contentType?.split(";")[0] || "no content type"
      })`,
    })
  }

  const body = parsed.value
  const declined = declinedPaymentSchema.safeParse(body)
  if (status === 402 && declined.success && declined.data.status === "DECLINED") {
    return new BnplDeclinedError({
      endpoint,
      httpStatusCode: status,
      message: `${endpoint}: the payment was declined`,
      payment: declined.data,
    })
  }

  const error = errorBodySchema.safeParse(body)
  const fields = error.success ? error.data : {}
  const serviceMessage = fields.message ? redact(truncate(fields.message)) : undefined
  return new BnplApiError({
    code: classifyServiceError(status, fields.errorCode),
    endpoint,
    httpStatusCode: status,
    errorCode: fields.errorCode,
    errorId: fields.errorId,
    message: `${endpoint}: HTTP ${status}${fields.errorCode ? ` ${fields.errorCode}` : ""}${
      serviceMessage ? `: ${serviceMessage}` : ""
    }`,
  })
}

/**
 * A request that got no HTTP answer -> `BnplTimeoutError` (connected, but no answer within the
 * read time-out) or `BnplNetworkError` (refused, reset, DNS, open time-out). The axios error
 * is never kept: it carries the request's headers. `cause` is a bare Error with the system
 * error code only.
 */
export function errorFromTransport(
  endpoint: EndpointName,
  error: unknown,
  state: ConnectionState,
  timeouts: { openMs: number; readMs: number },
  readTimeoutMarker: string
): BnplApiError {
  const code = systemErrorCode(error)
  const cause = Object.assign(new Error(code ?? "unknown transport error"), { code })
  if (state.openTimedOut) {
    return new BnplNetworkError({
      endpoint,
      cause,
      message: `${endpoint}: no connection within the open time-out of ${timeouts.openMs} ms`,
    })
  }
  const message = (error as { message?: unknown })?.message
  if (message === readTimeoutMarker) {
    return state.connected
      ? new BnplTimeoutError({
          endpoint,
          cause,
          message: `${endpoint}: no answer within the read time-out of ${timeouts.readMs} ms`,
        })
      : new BnplNetworkError({
          endpoint,
          cause,
          message: `${endpoint}: no connection within ${timeouts.readMs} ms`,
        })
  }
  if (code === "ERR_BAD_RESPONSE" || code === "ERR_FR_MAX_CONTENT_LENGTH_EXCEEDED") {
    return new BnplApiError({
      code: "invalid_response",
      endpoint,
      cause,
      message: `${endpoint}: the answer could not be read (${code})`,
    })
  }
  return new BnplNetworkError({
    endpoint,
    cause,
    message: `${endpoint}: network error ${code ?? "(no code)"} ${
      state.connected ? "after the connection was made" : "before a connection was made"
    }`,
  })
}

/** The Node system error code (ECONNREFUSED, ...) of an axios error or of its cause. */
function systemErrorCode(error: unknown): string | undefined {
  const candidates: unknown[] = [error, (error as { cause?: unknown })?.cause]
  const aggregate = (error as { cause?: { errors?: unknown[] } })?.cause?.errors
  if (Array.isArray(aggregate)) candidates.push(...aggregate)
  for (const candidate of candidates) {
    const code = (candidate as { code?: unknown })?.code
    if (typeof code === "string" && code !== "" && code !== "ERR_NETWORK") return code
  }
  return undefined
}

function truncate(text: string): string {
  const oneLine = text.replace(/\s+/g, " ").trim()
  return oneLine.length > MAX_SERVICE_MESSAGE ? `${oneLine.slice(0, MAX_SERVICE_MESSAGE)}…` : oneLine
}
