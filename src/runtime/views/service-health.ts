import type { LoggerLike } from "../infrastructure/shared-types"
import { CHECKOUT_CANCELLED } from "../records/call-timeline"
import { lastFailingCall, operationFigures, type FailingCall, type OperationFigures } from "../records/service-call-health"

/** The usual: the `USUAL_DAYS` days before the last hour. */
export const USUAL_DAYS = 7
/** The health card's warning thresholds (docs/operations.md "The health card"). */
export const WARNING_THRESHOLDS = {
  /** The last hour needs at least this many tries, and the usual this many, before either is compared. */
  minimumTriesInHour: 10,
  minimumTriesInUsual: 50,
  /** Error rate: at least this many times the usual, and at least `errorRatePoints` above it. */
  errorRateFactor: 3,
  errorRatePoints: 0.1,
  /** An endpoint's p95: at least this many times its usual p95, and at least `latencyMs` above it. */
  latencyFactor: 2,
  latencyMs: 500,
} as const

/** One window's figures. Rates are fractions (0.769), null when there is nothing to divide by; times in ms. */
export interface HealthWindow {
  hours: number
  /** Auths approved and declined; checkouts the consumer cancelled on the service's screens. */
  approvals: number
  declines: number
  cancellations: number
  approvalRate: number | null
  /** Tries count retries; `errorRate` is (errors + faults) / tries. */
  tries: number
  errors: number
  faults: number
  errorRate: number | null
  endpoints: Array<{ endpoint: string; tries: number; p50Ms: number | null; p95Ms: number | null }>
  lastFailure: FailingCall | null
}

/** One account's card. */
export interface AccountHealth {
  lastHour: HealthWindow
  last24Hours: HealthWindow
  /** The usual the last hour is compared with: its tries, error rate and each endpoint's p95. */
  usual: { days: number; tries: number; errorRate: number | null; p95Ms: Record<string, number | null> }
  /** Sentences for the merchant; empty when the last hour is like the usual. */
  warnings: string[]
}

const HOUR_MS = 3600_000

/** The card of `account` (`accountHash`) at `now`; new warnings are logged once per process. */
export async function accountHealth(account: string, now = new Date(), logger?: LoggerLike): Promise<AccountHealth> {
  const hourAgo = new Date(now.getTime() - HOUR_MS)
  const [lastHour, last24Hours, usualRows] = await Promise.all([
    healthWindow(account, 1, now),
    healthWindow(account, 24, now),
    operationFigures(account, new Date(hourAgo.getTime() - USUAL_DAYS * 24 * HOUR_MS), hourAgo),
  ])
  const usualWindow = windowOf(1, usualRows ?? [], undefined)
  const usual = {
    days: USUAL_DAYS,
    tries: usualWindow.tries,
    errorRate: usualWindow.errorRate,
    p95Ms: Object.fromEntries(usualWindow.endpoints.map((row) => [row.endpoint, row.p95Ms])),
  }
  const warnings = healthWarnings(lastHour, { ...usual, endpoints: usualWindow.endpoints })
  logWarningsOnce(account, warnings, logger)
  return { lastHour, last24Hours, usual, warnings }
}

async function healthWindow(account: string, hours: number, now: Date): Promise<HealthWindow> {
  const from = new Date(now.getTime() - hours * HOUR_MS)
  const [rows, failure] = await Promise.all([operationFigures(account, from, now), lastFailingCall(account, from, now)])
  return windowOf(hours, rows ?? [], failure)
}

/** A window's figures from its operations' rows. */
export function windowOf(hours: number, rows: OperationFigures[], failure: FailingCall | undefined): HealthWindow {
  const auth = rows.find((row) => row.operation === "Auth")
  const calls = rows.filter((row) => row.operation !== CHECKOUT_CANCELLED)
  const approvals = auth?.ok ?? 0
  const declines = auth?.declined ?? 0
  const cancellations = rows.find((row) => row.operation === CHECKOUT_CANCELLED)?.tries ?? 0
  const tries = sum(calls.map((row) => row.tries))
  const errors = sum(calls.map((row) => row.errors))
  const faults = sum(calls.map((row) => row.faults))
  const decided = approvals + declines + cancellations
  return {
    hours,
    approvals,
    declines,
    cancellations,
    approvalRate: decided ? approvals / decided : null,
    tries,
    errors,
    faults,
    errorRate: tries ? (errors + faults) / tries : null,
    endpoints: calls.map((row) => ({ endpoint: row.operation, tries: row.tries, p50Ms: row.p50Ms, p95Ms: row.p95Ms })),
    lastFailure: failure ?? null,
  }
}

/** The last hour's warnings against the usual; none while either has too few tries (a new shop has no usual). */
export function healthWarnings(
  hour: HealthWindow,
  usual: { tries: number; errorRate: number | null; endpoints: HealthWindow["endpoints"] },
): string[] {
  const t = WARNING_THRESHOLDS
  if (hour.tries < t.minimumTriesInHour || usual.tries < t.minimumTriesInUsual) return []
  const warnings: string[] = []
  const usualRate = usual.errorRate ?? 0
  const rate = hour.errorRate ?? 0
  // A hair of tolerance: 3 × 10% is 0.30000000000000004 in floating point, and 30% must warn.
  if (rate + 1e-9 >= Math.max(usualRate * t.errorRateFactor, usualRate + t.errorRatePoints)) {
    warnings.push(`Errors and faults in the last hour: ${percent(rate)} of calls, against a usual ${percent(usualRate)}.`)
  }
  for (const row of hour.endpoints) {
    const before = usual.endpoints.find((candidate) => candidate.endpoint === row.endpoint)
    if (row.tries < t.minimumTriesInHour || !before || before.tries < t.minimumTriesInUsual || row.p95Ms == null || before.p95Ms == null)
      continue
    if (row.p95Ms >= Math.max(before.p95Ms * t.latencyFactor, before.p95Ms + t.latencyMs)) {
      warnings.push(`${row.endpoint} is slow: p95 ${row.p95Ms} ms in the last hour, against a usual ${before.p95Ms} ms.`)
    }
  }
  return warnings
}

const loggedWarnings = new Map<string, string>()

/** Writes warnings the account did not have at its last reading in this process; nothing again while they last. */
export function logWarningsOnce(account: string, warnings: string[], logger?: LoggerLike): void {
  const key = warnings.join("\n")
  if (loggedWarnings.get(account) === key) return
  loggedWarnings.set(account, key)
  for (const warning of warnings) logger?.warn?.(`medusa-payment-bnpl: account ${account}: ${warning}`)
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0)
const percent = (fraction: number) => `${(fraction * 100).toFixed(1)}%`
