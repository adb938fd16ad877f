import type { CallSubject } from "./call-observer"
import type { EndpointName, HttpMethod } from "./endpoints"
import type { BnplApiError } from "./errors"
import type { RetryPolicy } from "./retry"

/** Supplies the Authorization header of each try, and renews it once after a 401. */
export interface Authorizer {
  /** A string when known at once (Basic), a promise when it may need a token first. */
  header(): string | Promise<string>
  /** Called after a 401 with the refused value; true when fresh credentials warrant one more send. */
  refresh?(refused: string): Promise<boolean>
}

/** One API call as handed to the executor. */
export interface HttpCall {
  endpoint: EndpointName
  method: HttpMethod
  /** Absolute, query string included and encoded. */
  url: string
  body?: string
  contentType?: string
  accept?: string
  retry: RetryPolicy
  /**
   * Resend at once after a stale kept-alive connection; default true for `idempotent` calls. Create
   * Checkout sets it: a duplicate is an unused checkout. A money call without its keys must not: a
   * service that read it and closed without answering would apply it twice.
   */
  resendIfStale?: boolean
  maxRetries?: number
  requestId?: string
  /** For the `observer`; Ping and the token call have none. */
  subject?: CallSubject
  authorization?: Authorizer
}

/** A 2xx answer, its body unparsed. */
export interface HttpResult {
  status: number
  /** Lower-case names. */
  headers: Record<string, string>
  text: string
}

/** How one try ended: a 2xx answer, or its error with what is known of the connection. */
export type AttemptOutcome =
  | { result: HttpResult; firstByteMs?: number }
  | {
      error: BnplApiError
      status?: number
      unsent: boolean
      stale: boolean
      retryAfterMs?: number
      answer?: HttpResult
      firstByteMs?: number
    }
