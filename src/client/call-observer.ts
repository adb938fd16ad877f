import type { EndpointName } from "./endpoints"

/**
 * What the client tells an observer about each try of a call (http.ts `HttpExecutor.execute`):
 * the payment it concerns, what was sent and how it ended. Never a body, a header or a
 * credential: only ids the service's document names, the amount and the outcome. The plugin's
 * runtime keeps them as the payment's timeline (runtime/records/call-timeline.ts) and turns
 * the last try of each call into its span and metrics (telemetry.ts).
 */
export interface CallSubject {
  /** The service's order id (docs/service-api.md "Payment (order)"): a path parameter or the answer's `id`. */
  orderId?: string
  /** The checkout token: a path parameter, Auth's `token`, or Create Checkout's answer. */
  token?: string
  /** The request's `amount` (API string, major units, 2 decimals) and its currency. */
  amount?: string
  currency?: string
}

/** One try of one call. */
export interface CallAttempt extends CallSubject {
  /** The document's name of the operation, e.g. `Create Refund`. */
  endpoint: EndpointName
  requestId?: string
  /** 1 for the first try; retries, stale-connection resends and the resend after a 401 count up. */
  attempt: number
  startedAt: Date
  durationMs: number
  /** The HTTP status when the service answered. */
  httpStatus?: number
  /** `ok` for a 2xx, else the client's error code (`timeout`, `network`, `invalid_amount`, ...; errors.ts). */
  outcome: string
  /** From the start of the try to the first byte of the answer (its status line), in ms; absent when none came. */
  firstByteMs?: number
  /** True when the call ends with this try: answered, or given up (no retry or resend follows). */
  last: boolean
  /** When the call's first try started: with `last`, the whole call spans `callStartedAt` to `startedAt + durationMs`. */
  callStartedAt: Date
}

/**
 * Called once per try, after it ended and the client decided whether to send it again (`last`),
 * before any backoff. It must return at once (queue, do not await): the shopper waits on the
 * call. A throw is ignored. Runs in the caller's async context (the active span is the caller's).
 */
export type CallObserver = (attempt: CallAttempt) => void

/**
 * The subject of a call from its path parameters and request (client.ts): the order id and
 * token wherever the request names them, and its `amount` (`{ amount, currency }`).
 */
export function subjectOfRequest(params: Record<string, string>, request: unknown): CallSubject {
  const body = (request ?? {}) as { token?: unknown; amount?: unknown }
  const money = body.amount as { amount?: unknown; currency?: unknown } | undefined
  const subject: CallSubject = {}
  if (params.orderId) subject.orderId = params.orderId
  const token = params.token ?? (typeof body.token === "string" ? body.token : undefined)
  if (token) subject.token = token
  if (money && typeof money.amount === "string") {
    subject.amount = money.amount
    if (typeof money.currency === "string") subject.currency = money.currency
  }
  return subject
}

/**
 * The ids a 2xx answer adds to the subject: a checkout's `token`, a payment's `id` (its order
 * id). Only read for calls whose subject lacks them (Create Checkout, Auth); the body is parsed
 * here and nothing else of it is kept.
 */
export function idsOfAnswer(json: unknown, subject: CallSubject): CallSubject {
  if (!json || typeof json !== "object") return subject
  const answer = json as { id?: unknown; token?: unknown; refundId?: unknown }
  const added: CallSubject = { ...subject }
  if (!added.token && typeof answer.token === "string") added.token = answer.token
  // A Refund has no `id`; a Payment's `id` is the order id.
  if (!added.orderId && typeof answer.id === "string" && answer.refundId === undefined) added.orderId = answer.id
  return added
}

/** One observer that tells each of `observers` in turn (a throw of one does not stop the next). */
export function allObservers(...observers: Array<CallObserver | undefined>): CallObserver {
  const present = observers.filter((observer): observer is CallObserver => observer !== undefined)
  return (attempt) => {
    for (const observer of present) {
      try {
        observer(attempt)
      } catch {
        // An observer's failure never reaches the call or the other observers.
      }
    }
  }
}
