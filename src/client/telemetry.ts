import { context, SpanKind, SpanStatusCode, type Attributes } from "@opentelemetry/api"
import type { CallAttempt, CallObserver } from "./call-observer"
import { ENDPOINTS, type EndpointName } from "./endpoints"
import { apiAmountToMinorUnits } from "./money"
import { instrumentsOf, tracerOf, type Instruments, type TelemetryProviders } from "./telemetry-instruments"

export { METRICS, TELEMETRY_SCOPE, type TelemetryProviders } from "./telemetry-instruments"

/** Span attribute names (docs/operations.md "Spans"). Never a URL (paths hold checkout tokens), a body, an amount or consumer data. */
export const SPAN_ATTRIBUTES = {
  endpoint: "bnpl.endpoint",
  account: "bnpl.account",
  requestId: "bnpl.request_id",
  outcome: "bnpl.outcome",
  retries: "bnpl.retries",
  firstByteMs: "bnpl.time_to_first_byte_ms",
  httpStatus: "http.response.status_code",
  method: "http.request.method",
  route: "url.template",
  errorType: "error.type",
} as const

const MONEY_CALLS: Partial<Record<EndpointName, "captured" | "refunded">> = {
  "Capture Payment": "captured",
  "Immediate Payment Capture": "captured",
  "Create Refund": "refunded",
}

/** What an Auth's outcome says of its checkout; a 503 or a time-out says nothing. */
const CHECKOUT_OF_AUTH: Record<string, string> = { ok: "approved", declined: "declined", invalid_token: "expired" }

/**
 * The observer making each call's client span and metrics for `account` from its last try. The span
 * is a child of the one active where the call was made, so one trace runs from the storefront's
 * request to the service's answer. Without an SDK every part is the API's no-op.
 */
export function callTelemetry(account: string, providers: TelemetryProviders = {}): CallObserver {
  const tracer = tracerOf(providers.tracerProvider)
  const keys = new MetricKeys(account)
  // A provider given here keeps its instruments for the observer's life; the global one is looked
  // up per call, since the store may register its SDK later.
  const own = providers.meterProvider ? instrumentsOf(providers.meterProvider) : undefined
  return (attempt: CallAttempt) => {
    if (!attempt.last) return
    const calledAt = attempt.callStartedAt.getTime()
    const ended = attempt.startedAt.getTime() + attempt.durationMs
    // Epoch ms, not Dates: the SDK would read each Date back into a number.
    const span = tracer.startSpan(attempt.endpoint, { kind: SpanKind.CLIENT, startTime: calledAt }, context.active())
    if (span.isRecording()) {
      span.setAttributes(spanAttributes(account, attempt))
      if (attempt.outcome !== "ok") span.setStatus({ code: SpanStatusCode.ERROR, message: attempt.outcome })
    }
    span.end(ended)
    recordCall(own ?? instrumentsOf(), keys, attempt, ended - calledAt)
  }
}

/** Attribute sets made once per endpoint and value, so a call records without building an object. */
class MetricKeys {
  private readonly known = new Map<string, Map<string, Map<string, Attributes>>>()

  constructor(private readonly account: string) {}

  of(endpoint: string, name: string, value: string): Attributes {
    let byName = this.known.get(endpoint)
    if (!byName) {
      byName = new Map()
      this.known.set(endpoint, byName)
    }
    let byValue = byName.get(name)
    if (!byValue) {
      byValue = new Map()
      byName.set(name, byValue)
    }
    let attributes = byValue.get(value)
    if (!attributes) {
      attributes = { ...(endpoint ? { "bnpl.endpoint": endpoint } : {}), "bnpl.account": this.account, [name]: value }
      byValue.set(value, attributes)
    }
    return attributes
  }
}

function spanAttributes(account: string, attempt: CallAttempt): Attributes {
  const row = ENDPOINTS[attempt.endpoint]
  const attributes: Attributes = {
    [SPAN_ATTRIBUTES.endpoint]: attempt.endpoint,
    [SPAN_ATTRIBUTES.account]: account,
    [SPAN_ATTRIBUTES.outcome]: attempt.outcome,
    [SPAN_ATTRIBUTES.retries]: attempt.attempt - 1,
    [SPAN_ATTRIBUTES.method]: row.method,
    [SPAN_ATTRIBUTES.route]: row.path,
  }
  if (attempt.requestId) attributes[SPAN_ATTRIBUTES.requestId] = attempt.requestId
  if (attempt.httpStatus !== undefined) attributes[SPAN_ATTRIBUTES.httpStatus] = attempt.httpStatus
  if (attempt.firstByteMs !== undefined) attributes[SPAN_ATTRIBUTES.firstByteMs] = Math.round(attempt.firstByteMs * 1000) / 1000
  if (attempt.outcome !== "ok") attributes[SPAN_ATTRIBUTES.errorType] = attempt.outcome
  return attributes
}

function recordCall(instruments: Instruments, keys: MetricKeys, attempt: CallAttempt, durationMs: number): void {
  const { endpoint, outcome } = attempt
  // The histogram's count is the calls by outcome: no counter beside it.
  instruments.duration.record(durationMs, keys.of(endpoint, "bnpl.outcome", outcome))
  if (outcome !== "ok") instruments.errors.add(1, keys.of(endpoint, "error.type", outcome))
  if (endpoint === "Create Checkout" && outcome === "ok") instruments.checkouts.add(1, keys.of("", "bnpl.outcome", "started"))
  if (endpoint === "Auth") {
    instruments.auths.add(1, keys.of("", "bnpl.outcome", outcome === "ok" ? "approved" : outcome))
    const checkout = CHECKOUT_OF_AUTH[outcome]
    if (checkout) instruments.checkouts.add(1, keys.of("", "bnpl.outcome", checkout))
  }
  const total = MONEY_CALLS[endpoint]
  if (total && outcome === "ok" && attempt.amount && attempt.currency) {
    // Converted exactly from the API string, never via a float.
    const minor = Number(apiAmountToMinorUnits(attempt.amount))
    instruments[total].add(minor, keys.of("", "bnpl.currency", attempt.currency))
  }
}

/** A checkout the consumer cancelled on the service's screens: `bnpl.checkouts{bnpl.outcome=cancelled}`. */
export function countCheckoutCancelled(account: string): void {
  instrumentsOf().checkouts.add(1, { "bnpl.account": account, "bnpl.outcome": "cancelled" })
}

/** Where a cart paid later became an order. */
export type CompletionPath = "return" | "storefront" | "job" | "express" | "admin"

/** A cart completed into an order through `path`: `bnpl.completions{bnpl.path}`. */
export function countCompletion(path: CompletionPath): void {
  instrumentsOf().completions.add(1, { "bnpl.path": path })
}
