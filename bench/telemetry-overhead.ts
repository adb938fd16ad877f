import { AggregationTemporality, InMemoryMetricExporter, MeterProvider, PeriodicExportingMetricReader } from "@opentelemetry/sdk-metrics"
import { BasicTracerProvider, BatchSpanProcessor, type ReadableSpan, type SpanExporter } from "@opentelemetry/sdk-trace-base"
import { BnplClient } from "../src/client"
import type { CallAttempt, CallObserver } from "../src/client/call-observer"
import { callTelemetry } from "../src/client/telemetry"
import type { SandboxProcess } from "./sandbox-process"
import { measurePairs } from "./client-overhead"
import type { Summary } from "./stats"

/**
 * Section 8: the cost of the OpenTelemetry instrumentation (src/client/telemetry.ts) per call.
 * Two clients with the plugin's telemetry observer, to the same sandbox endpoint (Get
 * Configuration; the sandbox in a process of its own, sandbox-process.ts), paired and
 * alternating like section 1: one with no SDK registered (the API's no-op, as in a store
 * without `registerOtel`), one with an SDK's tracer provider (a batch span processor handing
 * its batches to an exporter that counts and drops them, as an exporter to a collector sends
 * and lets go) and meter provider (a reader collecting once a minute). The difference is what a store pays per call for its spans and metrics.
 */
export interface TelemetryOverhead {
  calls: number
  /** Untimed pairs before the timed ones. */
  warmup: number
  withoutSdk: Summary
  withSdk: Summary
  /** Median of (with SDK - without) over the pairs, in ms. */
  medianDifferenceMs: number
  /** Spans the SDK side exported (one per call it made, warm-up included). */
  spansExported: number
  /** The observer alone, told of one finished call without any HTTP: µs per call, without and with the SDK. */
  observerMicros: { withoutSdk: number; withSdk: number }
}

const UK = { merchantId: "sandbox-uk-merchant", secretKey: "sandbox-uk-secret-key" }

export async function measureTelemetryOverhead(
  sandbox: Pick<SandboxProcess, "url">,
  { calls = 2000, warmup = 3000 } = {},
): Promise<TelemetryOverhead> {
  const spans = new CountingSpanExporter()
  const tracerProvider = new BasicTracerProvider({ spanProcessors: [new BatchSpanProcessor(spans)] })
  const reader = new PeriodicExportingMetricReader({
    exporter: new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE),
    exportIntervalMillis: 60_000,
  })
  const meterProvider = new MeterProvider({ readers: [reader] })
  const options = { ...UK, baseUrl: sandbox.url, userAgent: "medusa-payment-bnpl-bench" }
  const withoutSdk = new BnplClient({ ...options, observer: callTelemetry("bench") })
  const withSdk = new BnplClient({ ...options, observer: callTelemetry("bench", { tracerProvider, meterProvider }) })
  try {
    const measured = await measurePairs(
      () => withSdk.getConfiguration(),
      () => withoutSdk.getConfiguration(),
      { calls, warmup },
    )
    await tracerProvider.forceFlush()
    const spansExported = spans.exported
    const observerMicros = {
      withoutSdk: observerCost(callTelemetry("bench")),
      withSdk: observerCost(callTelemetry("bench", { tracerProvider, meterProvider })),
    }
    return {
      calls,
      warmup,
      withoutSdk: measured.b,
      withSdk: measured.a,
      medianDifferenceMs: measured.medianDifferenceMs,
      spansExported,
      observerMicros,
    }
  } finally {
    withoutSdk.close()
    withSdk.close()
    await tracerProvider.shutdown()
    await meterProvider.shutdown()
  }
}

/**
 * An exporter that counts the spans it is handed and keeps none, as an exporter to a collector
 * sends its batch and lets it go. An in-memory exporter would hold every span of the run, a
 * heap growing by a span per call whose collections a store with a real exporter never pays.
 */
class CountingSpanExporter implements SpanExporter {
  exported = 0

  export(spans: ReadableSpan[], done: Parameters<SpanExporter["export"]>[1]): void {
    this.exported += spans.length
    // ExportResultCode.SUCCESS of @opentelemetry/core (not a dependency of its own here).
    done({ code: 0 })
  }

  async shutdown(): Promise<void> {}
}

/** µs per call of `observer` told of a finished Get Configuration, over 20,000 calls after 5,000 untimed. */
function observerCost(observer: CallObserver): number {
  const now = new Date()
  const attempt: CallAttempt = {
    endpoint: "Get Configuration",
    attempt: 1,
    startedAt: now,
    callStartedAt: now,
    durationMs: 0.7,
    firstByteMs: 0.6,
    httpStatus: 200,
    outcome: "ok",
    last: true,
  }
  for (let i = 0; i < 5000; i++) observer(attempt)
  const started = performance.now()
  for (let i = 0; i < 20_000; i++) observer(attempt)
  return ((performance.now() - started) * 1000) / 20_000
}

/** The section's table and its target (at most 5% more per call with an SDK, the median of pairs against the p50 without). */
export function renderTelemetryOverhead(result: TelemetryOverhead): string {
  const row = (name: string, summary: Summary) =>
    `  ${name.padEnd(34)} ${summary.mean.toFixed(3).padStart(8)} ${summary.p50.toFixed(3).padStart(8)} ${summary.p95.toFixed(3).padStart(8)}`
  const added = result.medianDifferenceMs / result.withoutSdk.p50
  return [
    `8. OpenTelemetry: Get Configuration, client without and with an SDK registered (${result.calls} paired calls after ${result.warmup} of warm-up; ms)`,
    `  ${"".padEnd(34)} ${"mean".padStart(8)} ${"p50".padStart(8)} ${"p95".padStart(8)}`,
    row("no SDK (the API's no-op)", result.withoutSdk),
    row("SDK: spans + metrics", result.withSdk),
    `  added per call (median of pairs): ${(result.medianDifferenceMs * 1000).toFixed(0)} µs; spans exported: ${result.spansExported}`,
    `  the observer alone (no HTTP): ${result.observerMicros.withoutSdk.toFixed(1)} µs per call without an SDK, ${result.observerMicros.withSdk.toFixed(1)} µs with`,
    `  target: added per call <= 5% of a call without an SDK (p50): ${(added * 100).toFixed(1)}% ${added <= 0.05 ? "met" : "NOT MET"}`,
  ].join("\n")
}
