import type { CallAttempt, CallObserver } from "../../client/call-observer"
import type { LoggerLike } from "../infrastructure/shared-types"

/** A row of `bnpl_service_call`. */
export interface ServiceCallRow {
  account: string
  service_order_id: string | null
  checkout_token: string | null
  operation: string
  request_id: string | null
  amount: string | null
  currency: string | null
  attempt: number
  started_at: Date
  duration_ms: number
  http_status: number | null
  outcome: string
}

/** Writes a batch of rows; undefined when there is nowhere to write (outside a Medusa app). */
export type ServiceCallWriter = () => ((rows: ServiceCallRow[]) => Promise<unknown>) | undefined

/** The most tries kept waiting for the database; beyond it new ones are dropped (and counted in the log). */
export const MAX_QUEUED_CALLS = 2000
/** Rows per insert. */
export const CALL_BATCH_SIZE = 200

/**
 * Keeps the client's tries about a payment as its timeline without making anyone wait: `observe` only queues, batches are
 * written one at a time. The queue is bounded; a failed write is logged once per streak and its rows dropped, never
 * retried and never failing a call.
 */
export class ServiceCallRecorder {
  private queue: ServiceCallRow[] = []
  private running?: Promise<void>
  private dropped = 0
  private failing = false

  constructor(
    /** The account's `accountHash`. */
    private readonly account: string,
    private readonly writer: ServiceCallWriter,
    private readonly logger?: LoggerLike,
  ) {}

  /** The client's observer for this account. */
  readonly observe: CallObserver = (attempt: CallAttempt) => {
    if (!attempt.orderId && !attempt.token) return
    this.keep(rowOf(this.account, attempt))
  }

  /** Queues one row: a try, or an event learnt without a call. */
  keep(row: ServiceCallRow): void {
    if (this.queue.length >= MAX_QUEUED_CALLS) {
      this.dropped++
      return
    }
    this.queue.push(row)
    this.running ??= new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.drain())
      .finally(() => (this.running = undefined))
  }

  /** Resolves once every try queued so far is written or dropped (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running) await this.running
  }

  private async drain(): Promise<void> {
    while (this.queue.length) {
      const write = this.writer()
      const batch = this.queue.splice(0, CALL_BATCH_SIZE)
      if (!write) continue
      try {
        await write(batch)
        if (this.failing || this.dropped) {
          this.logger?.warn?.(
            `medusa-payment-bnpl: the payment timeline is written again; ${this.dropped} calls were not kept while it could not be.`,
          )
        }
        this.failing = false
        this.dropped = 0
      } catch (error) {
        this.dropped += batch.length
        if (!this.failing) {
          this.logger?.warn?.(
            `medusa-payment-bnpl: the payment timeline could not be written (${(error as Error)?.message ?? String(error)}); calls go on, their timeline entries are dropped until it can.`,
          )
        }
        this.failing = true
      }
    }
  }
}

function rowOf(account: string, attempt: CallAttempt): ServiceCallRow {
  return {
    account,
    service_order_id: attempt.orderId ?? null,
    checkout_token: attempt.token ?? null,
    operation: attempt.endpoint,
    request_id: attempt.requestId ?? null,
    amount: attempt.amount ?? null,
    currency: attempt.currency ?? null,
    attempt: attempt.attempt,
    started_at: attempt.startedAt,
    duration_ms: Math.max(0, Math.round(attempt.durationMs)),
    http_status: attempt.httpStatus ?? null,
    outcome: attempt.outcome,
  }
}
