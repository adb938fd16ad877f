import { context, trace } from "@opentelemetry/api"
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks"
import {
  AggregationTemporality,
  InMemoryMetricExporter,
  MeterProvider,
  PeriodicExportingMetricReader,
  type ResourceMetrics,
} from "@opentelemetry/sdk-metrics"
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base"
import { callTelemetry, SPAN_ATTRIBUTES } from "../../../src/client/telemetry"
import { authorized, confirmedSession, core, sandbox, sandboxClient, useSandboxCore } from "../payments/core-harness"

useSandboxCore()
// What an SDK (Medusa's registerOtel) registers: the active span follows the awaits.
const contextManager = new AsyncLocalStorageContextManager().enable()
beforeAll(() => context.setGlobalContextManager(contextManager))
afterAll(() => context.disable())

/** A client whose calls go to an in-memory span exporter and metric reader. */
function instrumented() {
  const spans = new InMemorySpanExporter()
  const tracerProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(spans)] })
  const exporter = new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE)
  const reader = new PeriodicExportingMetricReader({ exporter, exportIntervalMillis: 3_600_000 })
  const meterProvider = new MeterProvider({ readers: [reader] })
  const client = sandboxClient({ observer: callTelemetry("acct1", { tracerProvider, meterProvider }) })
  const metrics = async () => {
    const { resourceMetrics } = (await reader.collect()) as { resourceMetrics: ResourceMetrics }
    return resourceMetrics.scopeMetrics.flatMap((scope) => scope.metrics)
  }
  return { spans, tracerProvider, metrics, client, operations: core({}, undefined, undefined, { client }).operations }
}

/** Each data point of metric `name` as [attributes, value]. */
function points(all: Awaited<ReturnType<ReturnType<typeof instrumented>["metrics"]>>, name: string) {
  const metric = all.find((candidate) => candidate.descriptor.name === name)
  return (metric?.dataPoints ?? []).map((point) => [point.attributes, point.value])
}

describe("telemetry: each call to the service is a client span and metrics", () => {
  it("a retried capture is one span with its retries and final status; attributes as documented, nothing of the consumer", async () => {
    const { spans, operations } = instrumented()
    const data = await authorized(operations)
    sandbox.control.addFault({ endpoint: "capture", kind: "status", status: 503, times: 1 })
    await operations.capture({ data, capture: { id: "capt_span", amountMinor: 2000n } })

    const finished = spans.getFinishedSpans()
    // The capture's own check of the payment (Get Payment) is a span of its own.
    expect(finished.map((span) => span.name)).toEqual(expect.arrayContaining(["Create Checkout", "Auth", "Capture Payment"]))
    const capture = finished.find((span) => span.name === "Capture Payment")!
    expect(capture.attributes).toMatchObject({
      [SPAN_ATTRIBUTES.endpoint]: "Capture Payment",
      [SPAN_ATTRIBUTES.account]: "acct1",
      [SPAN_ATTRIBUTES.requestId]: "capt_span",
      [SPAN_ATTRIBUTES.httpStatus]: 201,
      [SPAN_ATTRIBUTES.outcome]: "ok",
      [SPAN_ATTRIBUTES.retries]: 1,
      [SPAN_ATTRIBUTES.method]: "POST",
      [SPAN_ATTRIBUTES.route]: "/v2/payments/{orderId}/capture",
    })
    expect(capture.attributes[SPAN_ATTRIBUTES.firstByteMs]).toEqual(expect.any(Number))
    expect(capture.kind).toBe(2) // SpanKind.CLIENT
    // The span covers both tries and the backoff between them.
    const durationMs = capture.duration[0] * 1000 + capture.duration[1] / 1e6
    expect(durationMs).toBeGreaterThanOrEqual(Number(capture.attributes[SPAN_ATTRIBUTES.firstByteMs]))
    const text = JSON.stringify(finished.map((span) => span.attributes))
    for (const secret of ["sandbox-uk-secret-key", "Lovelace", "@example", data.token!]) expect(text).not.toContain(secret)
  })

  it("the span is a child of the span active where the call was made", async () => {
    const { spans, tracerProvider, client } = instrumented()
    const parent = tracerProvider.getTracer("test").startSpan("route handler: /store/carts/:id/complete")
    await context.with(trace.setSpan(context.active(), parent), () => client.getConfiguration())
    parent.end()
    const [call] = spans.getFinishedSpans().filter((span) => span.name === "Get Configuration")
    expect(call.parentSpanContext?.spanId).toBe(parent.spanContext().spanId)
    expect(call.spanContext().traceId).toBe(parent.spanContext().traceId)
  })

  it("metrics: calls and errors by endpoint, a decline, the money captured and refunded in minor units per currency", async () => {
    const { metrics, operations } = instrumented()
    const data = await authorized(operations)
    const captured = await operations.capture({ data, capture: { id: "capt_metrics", amountMinor: 2049n } })
    await operations.refund({ data: captured, amountMinor: 501n, refundId: "ref_metrics" })
    const declined = await confirmedSession(operations, "decline")
    await operations.authorize({ data: declined, requestId: "payses_declined" }).catch(() => undefined)

    const all = await metrics()
    expect(points(all, "bnpl.money.captured")).toEqual([[{ "bnpl.account": "acct1", "bnpl.currency": "GBP" }, 2049]])
    expect(points(all, "bnpl.money.refunded")).toEqual([[{ "bnpl.account": "acct1", "bnpl.currency": "GBP" }, 501]])
    expect(points(all, "bnpl.checkouts")).toEqual(
      expect.arrayContaining([
        [{ "bnpl.account": "acct1", "bnpl.outcome": "started" }, 2],
        [{ "bnpl.account": "acct1", "bnpl.outcome": "approved" }, 1],
        [{ "bnpl.account": "acct1", "bnpl.outcome": "declined" }, 1],
      ]),
    )
    expect(points(all, "bnpl.auths")).toEqual(
      expect.arrayContaining([
        [{ "bnpl.account": "acct1", "bnpl.outcome": "approved" }, 1],
        [{ "bnpl.account": "acct1", "bnpl.outcome": "declined" }, 1],
      ]),
    )
    // The duration histogram's count is the calls, by endpoint and outcome.
    const calls = points(all, "bnpl.client.duration").map(([attributes, value]) => [attributes, (value as { count: number }).count])
    expect(calls).toEqual(
      expect.arrayContaining([
        [{ "bnpl.endpoint": "Capture Payment", "bnpl.account": "acct1", "bnpl.outcome": "ok" }, 1],
        [{ "bnpl.endpoint": "Auth", "bnpl.account": "acct1", "bnpl.outcome": "declined" }, 1],
      ]),
    )
    expect(points(all, "bnpl.client.errors")).toEqual([[{ "bnpl.endpoint": "Auth", "bnpl.account": "acct1", "error.type": "declined" }, 1]])
    const durations = all.find((metric) => metric.descriptor.name === "bnpl.client.duration")!
    expect(durations.descriptor.unit).toBe("ms")
    expect(durations.dataPoints.map((point) => point.attributes["bnpl.endpoint"])).toEqual(
      expect.arrayContaining(["Create Checkout", "Auth", "Capture Payment", "Create Refund"]),
    )
  })
})
