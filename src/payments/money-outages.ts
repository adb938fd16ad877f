import { PaymentError, type PaymentLogger } from "./errors"
import { MoneyCallUnanswered, type MoneyLedger } from "./money-ledger"
import type { MoneyOperationRecord } from "./money-records"
import { withTotals } from "./money-totals"
import type { BnplPaymentData } from "./session-data"

/**
 * What Medusa is answered when the service or the store's database goes away around a capture
 * or refund (MoneyMovements, money-movements.ts). The rule of all three: once a call of
 * Medusa's record may have moved money, Medusa must keep that record, so the answer is not
 * turned into an error (Medusa would delete its capture or refund); the next money call on the
 * order, or the completion job's repair, settles what is left (MoneyLedger.settle).
 */

/**
 * The order's records settled against the service before a capture or refund of Medusa's
 * record `requestId` goes out. When that read fails (the service away) but this very record's
 * call went out already (the completion job's repair sent it while this call waited for the
 * lock, or an earlier attempt got no answer), failing would make Medusa delete its record of
 * money that may have moved (soak seed 28: 72.04 refunded at the service, none in Medusa).
 * So the call is answered as done, with the records as they stand (`kept`), and the next
 * money call or the repair settles that record against the service.
 * @throws the read's error when no call of this record went out.
 */
export async function settleBeforeCall(
  ledger: MoneyLedger,
  logger: PaymentLogger | undefined,
  orderId: string,
  data: BnplPaymentData,
  requestId: string
): Promise<{ records: MoneyOperationRecord[] } | { kept: BnplPaymentData }> {
  try {
    return { records: (await ledger.settle(orderId, data)).records }
  } catch (error) {
    const known = await ledger.current(orderId).catch(() => undefined)
    const sent = known?.find((record) => record.requestId === requestId && record.state !== "refused")
    if (!known || !sent) throw error
    logger?.warn?.(
      `medusa-payment-bnpl: ${sent.kind} ${requestId} of service order ${orderId} went out already (${sent.state}); the service could not be read now (${(error as Error)?.message ?? String(error)}), so Medusa keeps its record and the next money call or the repair job settles it.`
    )
    return { kept: withTotals(data, known) }
  }
}

/**
 * The order's records once its call went out: settled (or, after an unanswered call, as they
 * stand). When the database went away meanwhile, the records read before the call; when the
 * call was applied but settling the order's other records failed, the records as they stand.
 * Either way the call went out and Medusa must keep its record of it, so the answer to Medusa
 * is not turned into an error (Medusa would delete its capture or refund); the next money call
 * or the repair job settles the rest.
 */
export async function recordsAfterCall(
  ledger: MoneyLedger,
  logger: PaymentLogger | undefined,
  orderId: string,
  before: MoneyOperationRecord[],
  unanswered: boolean
): Promise<MoneyOperationRecord[]> {
  try {
    return unanswered ? await ledger.current(orderId) : (await ledger.settle(orderId)).records
  } catch (error) {
    // This call's outcome is recorded already. Settling the order's other records (Get
    // Payment, resending one a stopped process left) can fail for reasons of their own: the
    // service going away right after it answered, a resend refused. Failing this call for
    // that would make Medusa delete its capture or refund of money that moved (found looking
    // for how the soak's seed 271127 ended with 0.21 EUR refunded at the service and not in Medusa).
    const recordsAway = error instanceof PaymentError && error.reason === "records_unavailable"
    if (unanswered && !recordsAway) throw error
    logger?.warn?.(
      recordsAway
        ? `medusa-payment-bnpl: the records of service order ${orderId} could not be read after its money call went out (${(error as Error).message}); they are settled on the next call.`
        : `medusa-payment-bnpl: the other money records of service order ${orderId} could not be settled after its money call was applied (${(error as Error)?.message ?? String(error)}); they are settled on the next call or by the repair job.`
    )
    return recordsAway ? before : ledger.current(orderId).catch(() => before)
  }
}

/**
 * Whether `error` is a capture or refund that went unanswered (money-ledger.ts
 * MoneyCallUnanswered): then Medusa is answered with success and keeps its record, and the
 * call is sent again with its requestId (the next money operation on the payment, or the
 * completion job within minutes) until the service has applied it. Answering with the error
 * instead would make Medusa delete a record of money the service may already have moved.
 */
export function keepsMedusaRecord(logger: PaymentLogger | undefined, error: unknown, orderId: string): boolean {
  if (!(error instanceof MoneyCallUnanswered)) return false
  const { record, failure } = error
  logger?.warn?.(
    `medusa-payment-bnpl: ${record.kind} ${record.requestId} of service order ${orderId} (${record.amount} ${record.currency}) got no usable answer (${failure.message}); Medusa keeps it and the plugin sends it again with the same requestId until the service has applied it.`
  )
  return true
}
