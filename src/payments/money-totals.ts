import { apiAmountToMinorUnits } from "../client/money"
import { appliedOf, sumOf } from "./money-calls"
import type { MoneyOperationRecord } from "./money-records"
import { isCancelRefund } from "./request-ids"
import type { BnplPaymentData } from "./session-data"

/**
 * What Medusa records as captured and refunded, from the two places that know: the payment
 * data (written after each call; may be stale when two calls raced, or the only source for a
 * payment from before the records existed) and the recorded calls. Minor units.
 */
export function totalsOf(data: BnplPaymentData, records: MoneyOperationRecord[]): { captured: bigint; refunded: bigint } {
  const captures = appliedOf(records, "capture").recorded
  const refunds = appliedOf(records, "refund").recorded.filter((record) => !isCancelRefund(record.requestId))
  const fromData = (value: string | undefined) => apiAmountToMinorUnits(value ?? "0.00")
  const max = (a: bigint, b: bigint) => (a > b ? a : b)
  return { captured: max(fromData(data.capturedAmount), sumOf(captures)), refunded: max(fromData(data.refundedAmount), sumOf(refunds)) }
}
