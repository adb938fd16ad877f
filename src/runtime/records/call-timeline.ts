import type { CallObserver } from "../../client/call-observer"
import { recordsModule } from "./records-module"
import { ServiceCallRecorder, type ServiceCallRow } from "./service-call-recorder"
import type { LoggerLike } from "../infrastructure/shared-types"

/** One try, as the order page shows it. `at` is ISO 8601; `amount` an API string. */
export interface ServiceCallEntry {
  at: string
  operation: string
  requestId: string | null
  amount: string | null
  currency: string | null
  attempt: number
  durationMs: number
  httpStatus: number | null
  /** `ok`, or the client's error code (`timeout`, `network`, `server_error`, `invalid_amount`, ...). */
  outcome: string
}

/** Days the timeline is kept. */
export const SERVICE_CALL_RETENTION_DAYS = 180
/** The most entries shown for one payment. */
export const TIMELINE_LIMIT = 500

/** The timeline's one row that is not a call: the consumer cancelled on the service's screens (learnt from the return). */
export const CHECKOUT_CANCELLED = "Checkout cancelled"

const recorders = new Map<string, ServiceCallRecorder>()

function recorderOf(account: string, logger?: LoggerLike): ServiceCallRecorder {
  let recorder = recorders.get(account)
  if (!recorder) {
    recorder = new ServiceCallRecorder(account, writeServiceCalls, logger)
    recorders.set(account, recorder)
  }
  return recorder
}

/** The client observer of an account (one recorder per account in a process). */
export function serviceCallObserver(account: string, logger?: LoggerLike): CallObserver {
  return recorderOf(account, logger).observe
}

/** Records that the consumer cancelled checkout `token`, queued like a call's try. */
export function recordCheckoutCancelled(account: string, token: string): void {
  recorderOf(account).keep({
    account,
    service_order_id: null,
    checkout_token: token,
    operation: CHECKOUT_CANCELLED,
    request_id: null,
    amount: null,
    currency: null,
    attempt: 1,
    started_at: new Date(),
    duration_ms: 0,
    http_status: null,
    outcome: "cancelled",
  })
}

/** The row for a "Void the rest" credit line corrected after a read of the service showed another amount released. */
export const CREDIT_LINE_CORRECTED = "Credit line corrected"

/** Records that the voided rest's credit line now reads `amount` (API string with 2 decimals), queued like a call's try. */
export function recordCreditLineCorrected(account: string, serviceOrderId: string, amount: string, currency: string): void {
  recorderOf(account).keep({
    account,
    service_order_id: serviceOrderId,
    checkout_token: null,
    operation: CREDIT_LINE_CORRECTED,
    request_id: null,
    amount,
    currency,
    attempt: 1,
    started_at: new Date(),
    duration_ms: 0,
    http_status: null,
    outcome: "corrected",
  })
}

/** Resolves once every recorder of this process has written what it queued. */
export async function serviceCallsWritten(): Promise<void> {
  await Promise.all([...recorders.values()].map((recorder) => recorder.idle()))
}

function writeServiceCalls(): ((rows: ServiceCallRow[]) => Promise<unknown>) | undefined {
  const module = recordsModule()
  return module ? (rows) => module.insertServiceCalls(rows) : undefined
}

interface ServiceCallRead extends Omit<ServiceCallRow, "started_at"> {
  started_at: Date | string
}

/** One payment's tries by service order id or checkout token, newest first; empty outside a Medusa app. */
export async function readServiceCalls(account: string, payment: { serviceOrderId?: string; token?: string }): Promise<ServiceCallEntry[]> {
  const module = recordsModule()
  const keys = [
    ...(payment.serviceOrderId ? [{ service_order_id: payment.serviceOrderId }] : []),
    ...(payment.token ? [{ checkout_token: payment.token }] : []),
  ]
  if (!module || !keys.length) return []
  const rows = (await module.listServiceCalls(
    { account, $or: keys },
    { order: { started_at: "DESC", attempt: "DESC" }, take: TIMELINE_LIMIT },
  )) as ServiceCallRead[]
  return rows.map((row) => ({
    at: new Date(row.started_at).toISOString(),
    operation: row.operation,
    requestId: row.request_id,
    amount: row.amount,
    currency: row.currency,
    attempt: row.attempt,
    durationMs: row.duration_ms,
    httpStatus: row.http_status,
    outcome: row.outcome,
  }))
}

/** Deletes tries older than `days` days in batches; returns how many (0 outside a Medusa app). */
export async function pruneServiceCalls(days = SERVICE_CALL_RETENTION_DAYS, now = new Date()): Promise<number> {
  const module = recordsModule()
  if (!module) return 0
  const before = new Date(now.getTime() - days * 24 * 3600 * 1000)
  let deleted = 0
  for (;;) {
    const rows = (await module.listServiceCalls({ started_at: { $lt: before } }, { select: ["id"], take: 1000 })) as Array<{ id: string }>
    if (!rows.length) return deleted
    await module.deleteServiceCalls(rows.map((row) => row.id))
    deleted += rows.length
  }
}
