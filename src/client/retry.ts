/**
 * When a failed call may be sent again, and how long to wait first.
 *
 * Only calls that cannot apply a change twice are retried after an ambiguous failure
 * (docs/service-api.md: Auth "is idempotent on requestId", Create Refund "idempotent when both
 * requestId and merchantReference are provided"; docs/service-api.md: 409 means
 * "still processing, retry later with the same requestId").
 */

/**
 * - `idempotent`: GETs, PUT courier, and money calls carrying a `requestId` (refunds: with
 *   `merchantReference` too). Retried after a time-out, network error, 5xx or 409.
 * - `unsent-only`: everything else (Create Checkout; Auth or a refund without the keys).
 *   Retried only when no connection was ever made, so the service cannot have seen it.
 */
export type RetryPolicy = "idempotent" | "unsent-only"

/**
 * Whether a try that failed may be sent again after a backoff: only a retryable failure, and
 * for an `unsent-only` call only a network failure before any connection was made (the
 * service cannot have read it).
 */
export function mayRetry(policy: RetryPolicy, failure: { retryable: boolean; code: string }, unsent: boolean): boolean {
  return failure.retryable && (policy === "idempotent" || (unsent && failure.code === "network"))
}

/**
 * Resends of one call after stale kept-alive connections. One is the rule (the resend goes out
 * on a new connection); the cap only guards against a loop.
 */
export const MAX_STALE_RESENDS = 3

/**
 * Whether a try that went out on a kept-alive connection the service had closed (it never read
 * it: error-mapping.ts isStaleConnection) is sent again at once, without counting as a retry:
 * `resendIfStale` when the call says, else for `idempotent` calls; at most MAX_STALE_RESENDS times.
 */
export function mayResendStale(policy: RetryPolicy, resendIfStale: boolean | undefined, staleResends: number): boolean {
  return (resendIfStale ?? policy === "idempotent") && staleResends < MAX_STALE_RESENDS
}

/** Longest wait between two tries, in ms. */
export const MAX_BACKOFF_MS = 5000

/**
 * The wait before retry number `retry` (1-based): exponential from `baseMs`, capped at 5 s,
 * with "equal jitter" (half fixed, half random) so that many instances retrying after the same
 * outage do not arrive together. A `Retry-After` from the service is honoured up to the cap.
 */
export function backoffDelayMs(
  retry: number,
  baseMs: number,
  retryAfterMs?: number,
  random: () => number = Math.random
): number {
  const exponential = Math.min(MAX_BACKOFF_MS, baseMs * 2 ** Math.max(0, retry - 1))
  const jittered = exponential / 2 + random() * (exponential / 2)
  const floor = retryAfterMs === undefined ? 0 : Math.min(MAX_BACKOFF_MS, Math.max(0, retryAfterMs))
  return Math.round(Math.max(jittered, floor))
}

/** `Retry-After` (seconds or an HTTP date) in ms from `now`, or undefined. */
export function parseRetryAfter(value: string | undefined, now: number = Date.now()): number | undefined {
  if (!value) return undefined
  const trimmed = value.trim()
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000
  const date = Date.parse(trimmed)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
