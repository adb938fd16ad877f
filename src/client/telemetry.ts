import { context, SpanKind, SpanStatusCode, type Attributes } from "@opentelemetry/api"
import type { CallAttempt, CallObserver } from "./call-observer"
import { ENDPOINTS, type EndpointName } from "./endpoints"
import { apiAmountToMinorUnits } from "./money"
import { instrumentsOf, tracerOf, type Instruments, type TelemetryProviders } from "./telemetry-instruments"

export { METRICS, TELEMETRY_SCOPE, type TelemetryProviders } from "./telemetry-instruments"

/**
 * The span attributes of a call to the service (docs/operations.md "Observability"). Never a
 * URL (paths hold checkout tokens), a body, a header, an amount or anything of the consumer.
 */
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

/** The calls whose success moves money, and which total they add to. */
const MONEY_CALLS: Partial<Record<EndpointName, "captured" | "refunded">> = {
  "Capture Payment": "captured",
  "Immediate Payment Capture": "captured",
  "Create Refund": "refunded",
}

/** What an Auth's outcome says of its checkout (the rest say nothing of it: a 503, a time-out). */
const CHECKOUT_OF_AUTH: Record<string, string> = { ok: "approved", declined: "declined", invalid_token: "expired" }

/**
 * The client observer (call-observer.ts) that makes, from the last try of each call, its
 * client span and its metrics (telemetry-instruments.ts `METRICS`), for `account` (the
 * account's id, `accountHash`). The span is named after the endpoint (the row's name in
 * endpoints.ts), runs from the call's first try to its end, and is a child of the span active
 * where the call was made (the Medusa route's, workflow step's or job's), so one trace runs
 * from the storefront's request to the service's answer. With no SDK registered every part of
 * it is the API's no-op.
 */
export function callTelemetry(account: string, providers: TelemetryProviders = {}): CallObserver {
  const tracer = tracerOf(providers.tracerProvider)
  const keys = new MetricKeys(account)
  // A provider given here is kept for the observer's life: its instruments are made once. The
  // global one is looked up per call (cheap), since the store may register its SDK later.
  const own = providers.meterProvider ? instrumentsOf(providers.meterProvider) : undefined
  return (attempt: CallAttempt) => {
    if (!attempt.last) return
    const calledAt = attempt.callStartedAt.getTime()
    const ended = attempt.startedAt.getTime() + attempt.durationMs
    // Times as epoch ms, not Dates: the SDK would read each Date back into a number.
    const span = tracer.startSpan(attempt.endpoint, { kind: SpanKind.CLIENT, startTime: calledAt }, context.active())
    // Without an SDK the span records nothing: its attributes are not even built.
    if (span.isRecording()) {
      span.setAttributes(spanAttributes(account, attempt))
      if (attempt.outcome !== "ok") span.setStatus({ code: SpanStatusCode.ERROR, message: attempt.outcome })
    }
    span.end(ended)
    recordCall(own ?? instrumentsOf(), keys, attempt, ended - calledAt)
  }
}

/**
 * The metrics' attribute sets of one account, made once per endpoint (or none) and attribute
 * value, and reused: a call records them without building a key or an object.
 */
class MetricKeys {
  private readonly known = new Map<string, Map<string, Map<string, Attributes>>>()

  constructor(private readonly account: string) {}

  of(endpoint: string, name: string, value: string): Attributes {
    let byName = this.known.get(endpoint)
    if (!byName) this.known.set(endpoint, (byName = new Map()))
    let byValue = byName.get(name)
    if (!byValue) byName.set(name, (byValue = new Map()))
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

/** The call's metrics: its time (and with it the count of calls by outcome), its error; and what it says of checkouts, Auths and money. */
function recordCall(instruments: Instruments, keys: MetricKeys, attempt: CallAttempt, durationMs: number): void {
  const { endpoint, outcome } = attempt
  // The histogram's count is the calls by outcome: one record per call, not a counter beside it.
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
    // Minor units as a whole number: the API's 2-decimal string converted exactly, never via a float.
    const minor = Number(apiAmountToMinorUnits(attempt.amount))
    instruments[total].add(minor, keys.of("", "bnpl.currency", attempt.currency))
  }
}

/**
 * A checkout whose consumer cancelled it on the service's screens (the plugin learns it from
 * the return, not from a call): counted as `bnpl.checkouts{bnpl.outcome=cancelled}`.
 */
export function countCheckoutCancelled(account: string): void {
  instrumentsOf().checkouts.add(1, { "bnpl.account": account, "bnpl.outcome": "cancelled" })
}

/** Where a cart paid later became an order: the return route, the storefront's own complete, the job, express, the admin. */
export type CompletionPath = "return" | "storefront" | "job" | "express" | "admin"

/** A cart completed into an order through `path`: `bnpl.completions{bnpl.path}`. */
export function countCompletion(path: CompletionPath): void {
  instrumentsOf().completions.add(1, { "bnpl.path": path })
}
