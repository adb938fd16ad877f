import type { CallSubject } from "./call-observer"
import type { EndpointName, HttpMethod } from "./endpoints"
import type { BnplApiError } from "./errors"
import type { RetryPolicy } from "./retry"

/** Supplies the Authorization header of each try, and renews it once after a 401. */
export interface Authorizer {
  /** The header value, e.g. `Basic ...` or `Bearer ...`: a string when known at once (Basic), a promise when it may need a token first. */
  header(): string | Promise<string>
  /**
   * Called after a 401 with the value that was refused. Resolves true when fresh credentials
   * are available and the call should be sent once more.
   */
  refresh?(refused: string): Promise<boolean>
}

/** One API call as the client hands it to the executor (http.ts): what to send, how to retry it, what it is about. */
export interface HttpCall {
  endpoint: EndpointName
  method: HttpMethod
  /** Absolute URL, query string included (already encoded by the caller). */
  url: string
  /** Serialised body. */
  body?: string
  /** Default `application/json` when there is a body. */
  contentType?: string
  /** Default `application/json`. */
  accept?: string
  retry: RetryPolicy
  /**
   * Send again at once when the try went out on a kept-alive connection the service had closed
   * (see isStaleConnection). Default: true for `idempotent` calls. Create Checkout sets it too:
   * should the service have read it after all, the duplicate is an unused checkout. A money
   * call without its keys must not: a service that read it and then closed without a byte of
   * answer would apply it twice.
   */
  resendIfStale?: boolean
  /** Overrides the client's `maxRetries` for this call. */
  maxRetries?: number
  /** For the log line and the observer. */
  requestId?: string
  /**
   * What the call is about, for the options' `observer` (call-observer.ts): every endpoint
   * call of the client has one (empty for Get Configuration); Ping and the token call have
   * none (the observer is told of them with an empty subject, for the telemetry).
   */
  subject?: CallSubject
  authorization?: Authorizer
}

/** A 2xx answer, its body unparsed (the client parses it with the endpoint's schema). */
export interface HttpResult {
  status: number
  /** Lower-case header names. */
  headers: Record<string, string>
  text: string
}

/**
 * How one try ended: a 2xx answer, or the error it maps to with what is known of the
 * connection. `firstByteMs`: from the start of the try to the answer's status line, when one came.
 */
export type AttemptOutcome =
  | { result: HttpResult; firstByteMs?: number }
  | { error: BnplApiError; status?: number; unsent: boolean; stale: boolean; retryAfterMs?: number; answer?: HttpResult; firstByteMs?: number }
