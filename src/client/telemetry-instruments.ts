import { metrics, trace, type Counter, type Histogram, type MeterProvider, type Tracer, type TracerProvider } from "@opentelemetry/api"
import { packageVersion } from "./user-agent"

// Without an SDK registered in the store every instrument is the API's no-op and costs next to nothing.

export const TELEMETRY_SCOPE = "medusa-payment-bnpl"

/** Each metric's name, unit and description (docs/operations.md "Metrics"); money in minor units. */
export const METRICS = {
  errors: {
    name: "bnpl.client.errors",
    unit: "{call}",
    description: "Calls to the service that ended in an error, by endpoint, account and error.type (the client's error code).",
  },
  duration: {
    name: "bnpl.client.duration",
    unit: "ms",
    description:
      "Time of a call to the service from its first try to its end (retries and backoff included), by endpoint, account and outcome (ok or the client's error code); its count is the calls.",
  },
  checkouts: {
    name: "bnpl.checkouts",
    unit: "{checkout}",
    description: "Checkouts by outcome: started, approved, declined, cancelled, expired; by account.",
  },
  auths: {
    name: "bnpl.auths",
    unit: "{call}",
    description: "Auth calls by outcome (approved, or the client's error code: declined, invalid_token, ...), by account.",
  },
  captured: {
    name: "bnpl.money.captured",
    unit: "{minor_unit}",
    description: "Money the service confirmed captured, in minor units of bnpl.currency (pence, cents), by account and currency.",
  },
  refunded: {
    name: "bnpl.money.refunded",
    unit: "{minor_unit}",
    description: "Money the service confirmed refunded, in minor units of bnpl.currency, by account and currency.",
  },
  completions: {
    name: "bnpl.completions",
    unit: "{completion}",
    description: "Carts completed into orders by path (return, storefront, job, express, admin).",
  },
} as const

/** The instruments, made from one meter provider. */
export interface Instruments {
  errors: Counter
  duration: Histogram
  checkouts: Counter
  auths: Counter
  captured: Counter
  refunded: Counter
  completions: Counter
}

/** Providers to use instead of the global ones the store registered. */
export interface TelemetryProviders {
  tracerProvider?: TracerProvider
  meterProvider?: MeterProvider
}

const version = packageVersion()
let globalInstruments: { provider: MeterProvider; instruments: Instruments } | undefined

/**
 * The instruments of `meterProvider`, else of the global provider, made again whenever that changes:
 * the metrics API has no proxy, so a meter taken before the SDK registers stays a no-op.
 */
export function instrumentsOf(meterProvider?: MeterProvider): Instruments {
  if (meterProvider) return makeInstruments(meterProvider)
  const provider = metrics.getMeterProvider()
  if (globalInstruments?.provider !== provider) globalInstruments = { provider, instruments: makeInstruments(provider) }
  return globalInstruments.instruments
}

/** The plugin's tracer: of `tracerProvider`, else the API's proxy of whatever the store registers. */
export function tracerOf(tracerProvider?: TracerProvider): Tracer {
  return (tracerProvider ?? trace).getTracer(TELEMETRY_SCOPE, version)
}

function makeInstruments(provider: MeterProvider): Instruments {
  const meter = provider.getMeter(TELEMETRY_SCOPE, version)
  const counter = (metric: { name: string; unit: string; description: string }) =>
    meter.createCounter(metric.name, { unit: metric.unit, description: metric.description })
  return {
    errors: counter(METRICS.errors),
    duration: meter.createHistogram(METRICS.duration.name, { unit: METRICS.duration.unit, description: METRICS.duration.description }),
    checkouts: counter(METRICS.checkouts),
    auths: counter(METRICS.auths),
    captured: counter(METRICS.captured),
    refunded: counter(METRICS.refunded),
    completions: counter(METRICS.completions),
  }
}
