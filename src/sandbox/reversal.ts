import { minorUnitsToMoney } from "../client/money"
import { isoTimestamp } from "./clock"
import type { SandboxClock } from "./clock"
import type { LedgerRecorder, LedgerReversal } from "./ledger"
import { settleExpiry, voidOpenAmount, type RefundBody, type StoredPayment } from "./payment-lifecycle"

/** A Reverse Payment By Token request waiting to be applied. */
export interface PendingReversal {
  merchantId: string
  token: string
  dueAtMs: number
  /** The ledger's entry, completed when the reversal is applied. */
  entry: LedgerReversal
}

/**
 * The part of the sandbox's state (state.ts, `SandboxStore`) a reversal reads and writes;
 * declared here so that state.ts can apply reversals without an import circle.
 */
export interface ReversalStore {
  readonly clock: SandboxClock
  readonly ledger: LedgerRecorder
  readonly payments: Map<string, StoredPayment>
  readonly settings: { reversalDelaySeconds: number }
  pendingReversals: PendingReversal[]
  checkoutOf(merchantId: string, token: string): { completedAtMs?: number } | undefined
  newEventId(): string
  newRefundId(): string
}

/**
 * Records a Reverse Payment By Token request (docs/service-api.md: the service
 * reverses, asynchronously, whatever order was made from the checkout token). The checkout
 * is closed at once, so no order can be made from it any more; the order, if any, is reversed
 * `reversalDelaySeconds` later by the sandbox clock, on the next read of the sandbox's state.
 */
export function requestReversal(store: ReversalStore, merchantId: string, token: string): void {
  const nowMs = store.clock.nowMs()
  const checkout = store.checkoutOf(merchantId, token)
  if (checkout && checkout.completedAtMs === undefined) checkout.completedAtMs = nowMs
  const entry: LedgerReversal = { merchantId, token, requestedAt: isoTimestamp(nowMs) }
  store.ledger.reversals.push(entry)
  store.pendingReversals.push({
    merchantId,
    token,
    dueAtMs: nowMs + store.settings.reversalDelaySeconds * 1000,
    entry,
  })
}

/**
 * Applies every reversal that is due: the amount still open to capture is voided and the
 * captured amount not yet refunded is refunded, each recorded in the payment (events,
 * `refunds[]`) and the ledger (`voids`, `refunds`, marked `reversal`). A declined payment,
 * or a token no order was made from, has nothing to reverse. Applying twice does nothing more.
 */
export function applyDueReversals(store: ReversalStore): void {
  if (store.pendingReversals.length === 0) return
  const nowMs = store.clock.nowMs()
  const due = store.pendingReversals.filter((pending) => pending.dueAtMs <= nowMs)
  if (due.length === 0) return
  store.pendingReversals = store.pendingReversals.filter((pending) => pending.dueAtMs > nowMs)
  for (const pending of due) {
    const { entry } = pending
    entry.appliedAt = isoTimestamp(pending.dueAtMs)
    const payment = [...store.payments.values()].find(
      (candidate) => candidate.token === pending.token && candidate.merchantId === pending.merchantId
    )
    if (!payment || payment.status !== "APPROVED") continue
    entry.orderId = payment.id
    settleExpiry(payment, nowMs, () => store.newEventId())
    const at = isoTimestamp(pending.dueAtMs)
    if (payment.openToCaptureMinor > 0n) {
      const amount = payment.openToCaptureMinor
      voidOpenAmount(payment, amount, {
        nowMs: pending.dueAtMs,
        eventId: store.newEventId(),
        refundId: store.newRefundId(),
      })
      entry.voided = minorUnitsToMoney(amount, payment.currency)
      store.ledger.voids.push({ merchantId: payment.merchantId, orderId: payment.id, amount: entry.voided, reversal: true, at })
    }
    const refundable = payment.capturedMinor - payment.refundedMinor
    if (refundable > 0n) {
      payment.refundedMinor += refundable
      const refund: RefundBody = {
        amount: minorUnitsToMoney(refundable, payment.currency),
        refundId: store.newRefundId(),
        refundedAt: at,
      }
      payment.refunds.push(refund)
      entry.refunded = refund.amount
      store.ledger.refunds.push({
        merchantId: payment.merchantId,
        orderId: payment.id,
        refundId: refund.refundId,
        amount: refund.amount,
        reversal: true,
        at,
      })
    }
  }
}
