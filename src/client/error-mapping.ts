import type { EndpointName } from "./endpoints"
import {
  BnplApiError,
  BnplConnectionLostError,
  BnplDeclinedError,
  BnplNetworkError,
  BnplTimeoutError,
  classifyServiceError,
} from "./errors"
import { declinedPaymentSchema, errorBodySchema } from "./schemas"

/**
 * Turns what came back (or did not) into a `BnplApiError`. Source: docs/service-api.md
 * "Errors" and "Error object"; codes of the undocumented endpoints from
 * docs/service-api.md "Errors".
 *
 * No message built here quotes a request, a header or more than a short piece of a body.
 */

const MAX_SERVICE_MESSAGE = 300

/** What one attempt knew about its connection when it failed (filled by http.ts's transport). */
export interface ConnectionState {
  /** The request got a socket from the pool (a new one or a kept-alive one). */
  socketAssigned: boolean
  /** The TCP connection was established (or a kept-alive one was reused). */
  connected: boolean
  /** The request went out on a kept-alive connection that had carried an earlier call. */
  reusedSocket: boolean
  /** Bytes of the answer received so far. */
  answerBytes: () => number
  /** Our open time-out fired before a connection was ready (pool wait included). */
  openTimedOut: boolean
  /** Our read time-out fired: the whole answer had not arrived within `readMs` of the connection. */
  readTimedOut: boolean
}

/** Errors that say the peer closed or reset the connection. */
const CONNECTION_BROKEN = new Set(["ECONNRESET", "EPIPE", "ECONNABORTED"])

/**
 * Whether a failed attempt went out on a kept-alive connection that the service (or a load
 * balancer) had already closed: reused, reset or closed before any byte of the answer. Node's
 * http documentation (`request.reusedSocket`) describes this race; the service never read the
 * request, so it may be sent again at once on a new connection.
 */
export function isStaleConnection(error: unknown, state: ConnectionState): boolean {
  if (!state.reusedSocket || state.openTimedOut || state.readTimedOut || state.answerBytes() > 0) return false
  const code = systemErrorCode(error)
  return code !== undefined && CONNECTION_BROKEN.has(code)
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
 * A request that got no (whole) HTTP answer -> the error a caller can act on:
 * - `BnplNetworkError` (`network`): the service surely never got it: no connection within the
 *   open time-out (pool wait included), refused, DNS;
 * - `BnplTimeoutError` (`timeout`): the whole answer did not arrive within the read time-out;
 * - `BnplConnectionLostError` (`connection_lost`): the connection broke after the request went out;
 * - `invalid_response`: the answer was larger than the client accepts.
 * Messages are `<endpoint>: <what happened>`; http.ts adds what it means and what the client did
 * (outcome.ts). The axios error is never kept: it carries the request's headers. `cause` is a
 * bare Error with the system error code only.
 */
export function errorFromTransport(
  endpoint: EndpointName,
  error: unknown,
  state: ConnectionState,
  timeouts: { openMs: number; readMs: number }
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
    return new BnplApiError({
      code: "invalid_response",
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
  // A kept-alive connection reset before any answer is most likely one the service had closed
  // (http.ts sends such a call again at once when that is safe), but the service may also have
  // read the request and then hung up, so it is not "could not be reached".
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

/** The Node system error code (ECONNREFUSED, ...) of an axios error or of its cause. */
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
