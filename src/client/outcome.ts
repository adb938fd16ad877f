import type { EndpointName } from "./endpoints"
import type { BnplApiError } from "./errors"
import type { RetryPolicy } from "./retry"

// "Could not be reached" only when the service surely never got the request; after a reset or a
// time-out "no answer came back"; "not applied twice" only where a `requestId` makes it true.

/** What the executor knows about the call when it gives up. */
export interface GiveUp {
  endpoint: EndpointName
  retry: RetryPolicy
  requestId?: string
  /** The stale-connection resends not counted. */
  tries: number
}

const NOT_RESENT_ADVICE: Partial<Record<EndpointName, string>> = {
  "Create Checkout": "It is safe to try again: a checkout nobody uses expires by itself.",
}
const DEFAULT_NOT_RESENT_ADVICE = "Check the payment at the service before trying again."

/** Completes the message of a `network`, `timeout` or `connection_lost` error on giving up, and sets `error.outcome`. */
export function withOutcome(error: BnplApiError, call: GiveUp): BnplApiError {
  const done = whatWasDone(error, call)
  if (!done) return error
  const prefix = `${call.endpoint}: `
  const event = error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message
  error.outcome = `${event}${done}`
  error.message = `${prefix}${error.outcome}`
  return error
}

function whatWasDone(error: BnplApiError, call: GiveUp): string | undefined {
  const times = call.tries === 1 ? "once" : `${call.tries} times`
  if (error.code === "network") return ` (tried ${times}); it never got the request. It is safe to try again.`
  if (error.code !== "timeout" && error.code !== "connection_lost") return undefined
  if (call.retry === "unsent-only") {
    const advice = NOT_RESENT_ADVICE[call.endpoint] ?? DEFAULT_NOT_RESENT_ADVICE
    const reason = call.requestId ? `${call.endpoint} is not idempotent without a merchantReference` : `${call.endpoint} has no requestId`
    return `; the service may have applied it, and it was not sent again, because ${reason}. ${advice}`
  }
  if (call.requestId) return `; sent ${times} with the same requestId, so it is not applied twice. It is safe to try again.`
  return `; sent ${times} (repeating it changes nothing). It is safe to try again.`
}
