import { container as appContainer } from "@medusajs/framework"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { CHECKOUT_CANCELLED } from "./call-timeline"

// The timeline added up per operation in PostgreSQL for the health card. A fault: no answer, a 5xx or a 429. An error:
// any other 4xx. A decline (`declined`, an Auth refused) is neither.

/** One operation's tries in a window; times in ms (null without tries). */
export interface OperationFigures {
  /** The endpoint's name (`Auth`), or `CHECKOUT_CANCELLED`. */
  operation: string
  tries: number
  ok: number
  declined: number
  errors: number
  faults: number
  p50Ms: number | null
  p95Ms: number | null
}

/** The newest failed try (error or fault) of a window. */
export interface FailingCall {
  at: string
  operation: string
  /** The client's error code: `server_error`, `timeout`, `invalid_token`, ... */
  outcome: string
  httpStatus: number | null
  attempt: number
  requestId: string | null
}

interface RawConnection {
  raw(sql: string, bindings: unknown[]): Promise<{ rows: Array<Record<string, unknown>> }>
}

const FAULT = `(outcome <> 'ok' AND outcome <> 'cancelled' AND (http_status IS NULL OR http_status >= 500 OR http_status = 429))`
const ERROR = `(outcome <> 'ok' AND outcome <> 'declined' AND http_status BETWEEN 400 AND 499 AND http_status <> 429)`
const WINDOW = `account = ? AND started_at >= ? AND started_at < ? AND deleted_at IS NULL`

/** Each operation's figures for `account`'s tries in [from, to); undefined outside a Medusa app. */
export async function operationFigures(account: string, from: Date, to: Date): Promise<OperationFigures[] | undefined> {
  const connection = databaseConnection()
  if (!connection) return undefined
  const { rows } = await connection.raw(
    `SELECT operation,
       count(*)::int AS tries,
       (count(*) FILTER (WHERE outcome = 'ok'))::int AS ok,
       (count(*) FILTER (WHERE outcome = 'declined'))::int AS declined,
       (count(*) FILTER (WHERE ${ERROR}))::int AS errors,
       (count(*) FILTER (WHERE ${FAULT}))::int AS faults,
       percentile_disc(0.5) WITHIN GROUP (ORDER BY duration_ms) AS p50,
       percentile_disc(0.95) WITHIN GROUP (ORDER BY duration_ms) AS p95
     FROM bnpl_service_call WHERE ${WINDOW} GROUP BY operation ORDER BY operation`,
    [account, from, to],
  )
  return rows.map((row) => ({
    operation: String(row.operation),
    tries: Number(row.tries),
    ok: Number(row.ok),
    declined: Number(row.declined),
    errors: Number(row.errors),
    faults: Number(row.faults),
    // The cancellations' zero durations are no call's latency.
    p50Ms: row.operation === CHECKOUT_CANCELLED || row.p50 == null ? null : Number(row.p50),
    p95Ms: row.operation === CHECKOUT_CANCELLED || row.p95 == null ? null : Number(row.p95),
  }))
}

/** The newest error or fault of `account` in [from, to); undefined when none (or outside an app). */
export async function lastFailingCall(account: string, from: Date, to: Date): Promise<FailingCall | undefined> {
  const connection = databaseConnection()
  if (!connection) return undefined
  const { rows } = await connection.raw(
    `SELECT operation, outcome, http_status, attempt, request_id, started_at FROM bnpl_service_call
     WHERE ${WINDOW} AND (${FAULT} OR ${ERROR}) ORDER BY started_at DESC, attempt DESC LIMIT 1`,
    [account, from, to],
  )
  const row = rows[0]
  if (!row) return undefined
  return {
    at: new Date(row.started_at as string | Date).toISOString(),
    operation: String(row.operation),
    outcome: String(row.outcome),
    httpStatus: row.http_status == null ? null : Number(row.http_status),
    attempt: Number(row.attempt),
    requestId: row.request_id == null ? null : String(row.request_id),
  }
}

function databaseConnection(): RawConnection | undefined {
  try {
    return appContainer.resolve<RawConnection>(ContainerRegistrationKeys.PG_CONNECTION, { allowUnregistered: true }) ?? undefined
  } catch {
    return undefined
  }
}
