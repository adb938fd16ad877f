import { apiAmountToMinorUnits, minorUnitsToApiAmount } from "../client/money"
import type { Payment } from "../client/schemas"
import type { MoneyOperationKind, MoneyOperationRecord } from "./money-records"
import { capturedAtService } from "./payment-state"
import { isCancelRefund } from "./request-ids"
import type { BnplPaymentData } from "./session-data"

/** Captured and refunded, minor units: the larger of the data (stale after a race) and the recorded calls. */
export function totalsOf(data: BnplPaymentData, records: MoneyOperationRecord[]): { captured: bigint; refunded: bigint } {
  const captures = appliedOf(records, "capture").recorded
  const refunds = appliedOf(records, "refund").recorded.filter((record) => !isCancelRefund(record.requestId))
  const fromData = (value: string | undefined) => apiAmountToMinorUnits(value ?? "0.00")
  const max = (a: bigint, b: bigint) => (a > b ? a : b)
  return { captured: max(fromData(data.capturedAmount), sumOf(captures)), refunded: max(fromData(data.refundedAmount), sumOf(refunds)) }
}

/** The data with what is captured and refunded as the records (or the service's answer) know it. */
export function withTotals(data: BnplPaymentData, records: MoneyOperationRecord[], payment?: Payment): BnplPaymentData {
  const totals = totalsOf(data, records)
  const captured = payment ? capturedAtService(payment) : totals.captured
  const authorised = apiAmountToMinorUnits(data.amount ?? "0.00")
  return {
    ...data,
    paymentState: payment?.paymentState ?? (captured >= authorised ? "CAPTURED" : captured > 0n ? "PARTIALLY_CAPTURED" : data.paymentState),
    capturedAmount: minorUnitsToApiAmount(captured),
    refundedAmount: minorUnitsToApiAmount(totals.refunded),
  }
}

/** Sum of the records' amounts, minor units. */
export function sumOf(records: MoneyOperationRecord[]): bigint {
  return records.reduce((sum, record) => sum + apiAmountToMinorUnits(record.amount), 0n)
}

/** Applied calls of one kind, split into those Medusa records and those it does not (yet). */
export function appliedOf(
  records: MoneyOperationRecord[],
  kind: MoneyOperationKind,
): { recorded: MoneyOperationRecord[]; unrecorded: MoneyOperationRecord[] } {
  const applied = records.filter((record) => record.kind === kind && record.state === "applied")
  return { recorded: applied.filter((record) => record.recorded), unrecorded: applied.filter((record) => !record.recorded) }
}
