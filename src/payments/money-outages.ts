import { PaymentError, type PaymentLogger } from "./errors"
import { MoneyCallUnanswered, type SettlingLedger } from "./money-ledger"
import type { MoneyOperationRecord } from "./money-records"
import { withTotals } from "./money-totals"
import type { BnplPaymentData } from "./session-data"

/**
 * What Medusa is answered when the service or the database fails around a capture or refund: once a call may have moved money,
 * never an error (Medusa would delete its record); the next money call or the repair settles the rest.
 */

/** Settles before a call; if the read fails after this record's call went out, answers the records as they stand (`kept`). */
export async function settleBeforeCall(
  ledger: SettlingLedger,
  logger: PaymentLogger | undefined,
  orderId: string,
  data: BnplPaymentData,
  requestId: string,
): Promise<{ records: MoneyOperationRecord[] } | { kept: BnplPaymentData }> {
  try {
    return { records: (await ledger.settle(orderId, data)).records }
  } catch (error) {
    const known = await ledger.current(orderId).catch(() => undefined)
    const sent = known?.find((record) => record.requestId === requestId && record.state !== "refused")
    if (!known || !sent) throw error
    logger?.warn?.(
      `medusa-payment-bnpl: ${sent.kind} ${requestId} of service order ${orderId} went out already (${sent.state}); the service could not be read now (${(error as Error)?.message ?? String(error)}), so Medusa keeps its record and the next money call or the repair job settles it.`,
    )
    return { kept: withTotals(data, known) }
  }
}

/** The order's records once its call went out: settled, else as they stand, else as read before the call. */
export async function recordsAfterCall(
  ledger: SettlingLedger,
  logger: PaymentLogger | undefined,
  orderId: string,
  before: MoneyOperationRecord[],
  unanswered: boolean,
): Promise<MoneyOperationRecord[]> {
  try {
    return unanswered ? await ledger.current(orderId) : (await ledger.settle(orderId)).records
  } catch (error) {
    const recordsAway = error instanceof PaymentError && error.reason === "records_unavailable"
    if (unanswered && !recordsAway) throw error
    logger?.warn?.(
      recordsAway
        ? `medusa-payment-bnpl: the records of service order ${orderId} could not be read after its money call went out (${(error as Error).message}); they are settled on the next call.`
        : `medusa-payment-bnpl: the other money records of service order ${orderId} could not be settled after its money call was applied (${(error as Error)?.message ?? String(error)}); they are settled on the next call or by the repair job.`,
    )
    return recordsAway ? before : ledger.current(orderId).catch(() => before)
  }
}

/** Whether `error` is a MoneyCallUnanswered: Medusa is then answered with success, and the call is sent again until applied. */
export function keepsMedusaRecord(logger: PaymentLogger | undefined, error: unknown, orderId: string): boolean {
  if (!(error instanceof MoneyCallUnanswered)) return false
  const { record, failure } = error
  logger?.warn?.(
    `medusa-payment-bnpl: ${record.kind} ${record.requestId} of service order ${orderId} (${record.amount} ${record.currency}) got no usable answer (${failure.message}); Medusa keeps it and the plugin sends it again with the same requestId until the service has applied it.`,
  )
  return true
}
