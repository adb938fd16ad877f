import type { EndpointName } from "./endpoints"
import {
  apiError,
  type BnplApiError,
  BnplConnectionLostError,
  BnplDeclinedError,
  BnplInvalidResponseError,
  BnplNetworkError,
  type BnplServiceErrorCode,
  BnplTimeoutError,
} from "./errors"
import { declinedPaymentSchema, errorBodySchema } from "./schemas"

// No message built here quotes a request, a header or more than a short piece of a body.
const MAX_SERVICE_MESSAGE = 300

/** What one attempt knew about its connection when it failed. */
export interface ConnectionState {
  socketAssigned: boolean
  connected: boolean
  /** The request went out on a kept-alive connection that had carried an earlier call. */
  reusedSocket: boolean
  answerBytes: () => number
  /** Our open time-out fired before a connection was ready (pool wait included). */
  openTimedOut: boolean
  /** Our read time-out fired: the whole answer had not arrived within `readMs` of the connection. */
  readTimedOut: boolean
}

const CONNECTION_BROKEN = new Set(["ECONNRESET", "EPIPE", "ECONNABORTED"])

/**
 * Whether the attempt went out on a kept-alive connection the service had already closed (Node's
 * `request.reusedSocket` race): the service never read it, so it may be resent at once.
 */
export function isStaleConnection(error: unknown, state: ConnectionState): boolean {
  if (!state.reusedSocket || state.openTimedOut || state.readTimedOut || state.answerBytes() > 0) return false
  const code = systemErrorCode(error)
  return code !== undefined && CONNECTION_BROKEN.has(code)
}

/** `{ ok: false }` for an empty or non-JSON body. */
export function tryParseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text.trim() === "") return { ok: false }
  try {
    return { ok: true, value: JSON.parse(text) }
  } catch {
    return { ok: false }
  }
}

/**
 * A non-2xx answer -> `BnplDeclinedError` for a 402 DECLINED payment, else a `BnplApiError` coded by
 * `classifyServiceError`; by status alone for no body or a 401, whose body the document does not
 * show. docs/service-api.md "Error object".
 */
export function errorFromResponse(
  endpoint: EndpointName,
  status: number,
  text: string,
  contentType: string | undefined,
  redact: (text: string) => string,
): BnplApiError {
  const parsed = tryParseJson(text)
  if (!parsed.ok) {
    if (text.trim() === "" || status === 401) {
      return apiError({
        code: classifyServiceError(status),
        endpoint,
        httpStatusCode: status,
        message: `${endpoint}: HTTP ${status}`,
      })
    }
    return apiError({
      code: status >= 500 ? "server_error" : "invalid_response",
      endpoint,
      httpStatusCode: status,
      message: `${endpoint}: HTTP ${status} with a body that is not JSON (${contentType?.split(";")[0] || "no content type"})`,
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
  return apiError({
    code: classifyServiceError(status, fields.errorCode),
    endpoint,
    httpStatusCode: status,
    errorCode: fields.errorCode,
    errorId: fields.errorId,
    message: `${endpoint}: HTTP ${status}${fields.errorCode ? ` ${fields.errorCode}` : ""}${serviceMessage ? `: ${serviceMessage}` : ""}`,
  })
}

/**
 * A request with no whole answer -> `BnplNetworkError`, `BnplTimeoutError`, `BnplConnectionLostError`,
 * or `invalid_response` when too large. The axios error is never kept: it carries the request's
 * headers. `cause` holds the system error code only.
 */
export function errorFromTransport(
  endpoint: EndpointName,
  error: unknown,
  state: ConnectionState,
  timeouts: { openMs: number; readMs: number },
): BnplApiError {
  const code = state.readTimedOut ? "BNPL_READ_TIMEOUT" : state.openTimedOut ? "BNPL_OPEN_TIMEOUT" : systemErrorCode(error)
  const cause = Object.assign(new Error(code ?? "unknown transport error"), { code })
  if (state.openTimedOut) {
    return new BnplNetworkError({
      endpoint,
      cause,
      message: `${endpoint}: the payment service could not be reached: no connection within the open time-out of ${
        timeouts.openMs
      } ms${state.socketAssigned ? "" : " (every pooled connection was busy)"}`,
    })
  }
  const received = state.answerBytes()
  if (state.readTimedOut) {
    return new BnplTimeoutError({
      endpoint,
      cause,
      message: `${endpoint}: no answer came back within the read time-out of ${timeouts.readMs} ms${
        received > 0 ? ` (only ${received} bytes of it had arrived)` : ""
      }`,
    })
  }
  if (code === "ERR_FR_MAX_CONTENT_LENGTH_EXCEEDED" || /maxContentLength/.test(String((error as Error)?.message))) {
    return new BnplInvalidResponseError({
      endpoint,
      cause,
      message: `${endpoint}: the answer could not be read (larger than the client accepts)`,
    })
  }
  if (!state.connected) {
    return new BnplNetworkError({
      endpoint,
      cause,
      message: `${endpoint}: the payment service could not be reached: ${code ?? "no connection"}`,
    })
  }
  // A kept-alive connection reset before any answer was most likely closed by the service, but the
  // service may also have read the request and hung up, so it is not "could not be reached".
  const when =
    received > 0
      ? "after part of the answer had arrived"
      : `after the request was sent${state.reusedSocket ? " on a kept-alive connection" : ""}`
  return new BnplConnectionLostError({
    endpoint,
    cause,
    message: `${endpoint}: no answer came back: the connection broke ${when} (${code ?? "closed"})`,
  })
}

/** Maps an HTTP status and the service's `errorCode` to our `code`; docs/service-api.md "Errors". */
export function classifyServiceError(status: number, errorCode?: string): BnplServiceErrorCode {
  switch (errorCode) {
    case "invalid_token":
      return "invalid_token"
    case "invalid_order_transaction_status":
      return "not_confirmed"
    case "precondition_failed":
    case "payment_voided":
    case "payment_expired":
      return "precondition_failed"
    case "invalid_amount":
      return "invalid_amount"
    case "unsupported_currency":
    case "unsupported_payment_type":
      return "unsupported"
    case "payment_captured":
      return "already_captured"
    case "refund_timelimit_exceeded":
      return "refund_timelimit_exceeded"
    case "unauthorized":
      return "unauthorized"
    case "not_found":
      return "not_found"
  }
  if (status === 401) return "unauthorized"
  if (status === 402) return "declined"
  if (status === 404) return "not_found"
  if (status === 409) return "conflict"
  if (status === 410) return "already_captured"
  if (status === 412) return "precondition_failed"
  if (status >= 500) return "server_error"
  return "invalid_request"
}

function systemErrorCode(error: unknown): string | undefined {
  const candidates: unknown[] = [error, (error as { cause?: unknown })?.cause]
  const aggregate = (error as { cause?: { errors?: unknown[] } })?.cause?.errors
  if (Array.isArray(aggregate)) candidates.push(...aggregate)
  for (const candidate of candidates) {
    const code = (candidate as { code?: unknown })?.code
    if (typeof code === "string" && code !== "" && code !== "ERR_NETWORK" && code !== "ERR_BAD_RESPONSE") return code
  }
  return undefined
}

function truncate(text: string): string {
  const oneLine = text.replace(/\s+/g, " ").trim()
  return oneLine.length > MAX_SERVICE_MESSAGE ? `${oneLine.slice(0, MAX_SERVICE_MESSAGE)}…` : oneLine
}
