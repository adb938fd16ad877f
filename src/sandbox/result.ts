import { errorBody } from "./errors"

/** What a handler answers; the endpoint wrapper writes it (or a fault replaces it). */
export interface EndpointResult {
  status: number
  /** A JSON body. */
  body?: unknown
  /** A plain-text body (Ping), sent instead of `body`. */
  text?: string
  headers?: Record<string, string>
}

export function jsonResult(status: number, body: unknown, headers?: Record<string, string>): EndpointResult {
  return { status, body, headers }
}

/** An error answer with the service's error body (docs/service-api.md "Error object"). */
export function errorResult(status: number, errorCode: string, message: string): EndpointResult {
  return { status, body: errorBody(status, errorCode, message) }
}

/**
 * Whether a result changed the service's state and must therefore be replayed for a retry
 * with the same requestId: a success, or Auth's 402 (a DECLINED payment was created). Other
 * refusals are not remembered, so that e.g. Auth retried after the consumer confirms works.
 */
export function isRememberedResult(result: EndpointResult): boolean {
  return (result.status >= 200 && result.status < 300) || result.status === 402
}
