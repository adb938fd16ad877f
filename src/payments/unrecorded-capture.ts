import { apiAmountToMinorUnits, minorUnitsToApiAmount } from "../client/money"
import type { Payment, Refund } from "../client/schemas"
import { PaymentError, type PaymentLogger } from "./errors"
import type { MoneyCall, MoneyLedger, SettlingLedger } from "./money-ledger"
import { appliedOf } from "./money-totals"
import { capturedAtService } from "./payment-state"
import { isCancelRefund, requestIds } from "./request-ids"
import type { BnplPaymentData } from "./session-data"

/** What the refund of an unrecorded capture needs of MoneyMovements. */
export interface UnrecordedCaptureDependencies {
  ledger: MoneyLedger
  /** The movements' settle: the ledger's, with cut-off sends sent again. */
  settle: SettlingLedger["settle"]
  sendRefund: (call: MoneyCall) => Promise<Refund>
  logger?: PaymentLogger
}

/**
 * Refunds once what the service captured beyond `recordedCaptured`, then fails so Medusa records no clean cancellation.
 * @throws PaymentError `unrecorded_capture_refunded` once refunded, `service_unanswered` when the refund failed.
 */
export async function refundUnrecordedCapture(
  deps: UnrecordedCaptureDependencies,
  data: BnplPaymentData,
  recordedCaptured: bigint,
  read?: Payment,
): Promise<BnplPaymentData> {
  const orderId = data.orderId!
  const payment = read ?? (await deps.ledger.readPayment(orderId))
  const captured = capturedAtService(payment)
  const refundedForCancel = (payment.refunds ?? []).filter((refund) => isCancelRefund(refund.requestId, orderId))
  const alreadyRefunded = refundedForCancel.reduce((sum, refund) => sum + apiAmountToMinorUnits(refund.amount?.amount ?? "0.00"), 0n)
  const unrecorded = captured - recordedCaptured - alreadyRefunded
  const settled = { ...data, paymentState: payment.paymentState ?? "CAPTURED" }
  if (unrecorded <= 0n) return settled

  const amount = minorUnitsToApiAmount(unrecorded)
  const currency = data.currency ?? payment.originalAmount?.currency ?? ""
  const requestId = requestIds.cancelRefund(orderId, minorUnitsToApiAmount(captured))
  deps.logger?.error?.(
    `medusa-payment-bnpl: service order ${orderId} was cancelled in Medusa but ${amount} ${currency} was captured at the service that Medusa did not record; refunding it (requestId ${requestId}).`,
  )
  try {
    await deps.sendRefund({ serviceOrderId: orderId, requestId, amountMinor: unrecorded, currency })
    // Settled by this refund: no later capture counts them.
    await deps.ledger.absorb(appliedOf((await deps.settle(orderId)).records, "capture").unrecorded, requestId)
  } catch (error) {
    throw new PaymentError(
      "service_unanswered",
      `Void: ${amount} ${currency} was captured at the service for order ${orderId} and its refund failed (${(error as Error).message}); it is tried again on the next attempt.`,
    )
  }
  throw new PaymentError(
    "unrecorded_capture_refunded",
    `Void: the service had captured ${amount} ${currency} for order ${orderId} that Medusa did not record; it was refunded to the customer. Nothing is held now.`,
  )
}
