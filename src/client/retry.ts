/**
 * `idempotent`: retried after a time-out, network error, 5xx or 409 (GETs, PUTs, money calls with a
 * `requestId`). `unsent-only`: retried only when no connection was made, so the service cannot have
 * seen it. docs/service-api.md "Idempotent requests".
 */
export type RetryPolicy = "idempotent" | "unsent-only"

/** Whether a failed try may be sent again after a backoff. */
export function mayRetry(policy: RetryPolicy, failure: { retryable: boolean; code: string }, unsent: boolean): boolean {
  return failure.retryable && (policy === "idempotent" || (unsent && failure.code === "network"))
}

/** Resends after stale connections: one is the rule, the cap guards against a loop. */
export const MAX_STALE_RESENDS = 3

/** Whether a try on a stale kept-alive connection is resent at once, uncounted: `resendIfStale`, else for `idempotent` calls. */
export function mayResendStale(policy: RetryPolicy, resendIfStale: boolean | undefined, staleResends: number): boolean {
  return (resendIfStale ?? policy === "idempotent") && staleResends < MAX_STALE_RESENDS
}

export const MAX_BACKOFF_MS = 5000

/**
 * The wait before retry `retry` (1-based): exponential, capped, with equal jitter so instances retrying
 * after one outage do not arrive together. A `Retry-After` is honoured up to the cap.
 */
export function backoffDelayMs(retry: number, baseMs: number, retryAfterMs?: number, random: () => number = Math.random): number {
  const exponential = Math.min(MAX_BACKOFF_MS, baseMs * 2 ** Math.max(0, retry - 1))
  const jittered = exponential / 2 + random() * (exponential / 2)
  const floor = retryAfterMs === undefined ? 0 : Math.min(MAX_BACKOFF_MS, Math.max(0, retryAfterMs))
  return Math.round(Math.max(jittered, floor))
}

/** `Retry-After` (seconds or an HTTP date) in ms from `now`. */
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
