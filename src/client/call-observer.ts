import type { EndpointName } from "./endpoints"

/** The payment a try concerns: only ids the document names and the amount, never a body, header or credential. */
export interface CallSubject {
  /** The service's order id: a path parameter or the answer's `id`. */
  orderId?: string
  token?: string
  /** The request's amount (API string with 2 decimals). */
  amount?: string
  currency?: string
}

/** One try of one call. */
export interface CallAttempt extends CallSubject {
  endpoint: EndpointName
  requestId?: string
  /** 1 for the first try; retries and resends count up. */
  attempt: number
  startedAt: Date
  durationMs: number
  httpStatus?: number
  /** `ok` for a 2xx, else the client's error code. */
  outcome: string
  /** Ms from the try's start to the answer's status line; absent when none came. */
  firstByteMs?: number
  /** True when the call ends with this try: answered or given up. */
  last: boolean
  callStartedAt: Date
}

/**
 * Called once per try, once the client decided whether to send it again, before any backoff. Must
 * return at once (queue, do not await): the shopper waits on the call. A throw is ignored.
 */
export type CallObserver = (attempt: CallAttempt) => void

/** The subject of a call from its path parameters and request. */
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

/** The ids a 2xx answer adds to the subject (Create Checkout's token, Auth's order id); nothing else is kept. */
export function idsOfAnswer(json: unknown, subject: CallSubject): CallSubject {
  if (!json || typeof json !== "object") return subject
  const answer = json as { id?: unknown; token?: unknown; refundId?: unknown }
  const added: CallSubject = { ...subject }
  if (!added.token && typeof answer.token === "string") added.token = answer.token
  // A Refund has no `id`; a Payment's `id` is the order id.
  if (!added.orderId && typeof answer.id === "string" && answer.refundId === undefined) added.orderId = answer.id
  return added
}

/** One observer telling each of `observers` in turn; a throw of one does not stop the next. */
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
