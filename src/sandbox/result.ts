import { errorBody } from "./errors"

/** What a handler answers; a fault may replace it. */
export interface EndpointResult {
  status: number
  body?: unknown
  /** A plain-text body (Ping), sent instead of `body`. */
  text?: string
  headers?: Record<string, string>
}

export function jsonResult(status: number, body: unknown, headers?: Record<string, string>): EndpointResult {
  return { status, body, headers }
}

/** An error answer with the service's error body. */
export function errorResult(status: number, errorCode: string, message: string): EndpointResult {
  return { status, body: errorBody(status, errorCode, message) }
}

/**
 * Whether a result must be replayed for a retry with the same requestId: a success, or Auth's 402
 * (a DECLINED payment was created). Other refusals are not, so Auth retried after the consumer confirms works.
 */
export function isRememberedResult(result: EndpointResult): boolean {
  return (result.status >= 200 && result.status < 300) || result.status === 402
}
