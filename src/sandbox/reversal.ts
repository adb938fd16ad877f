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
  entry: LedgerReversal
}

/** The part of `SandboxStore` a reversal uses, declared here so the store can apply reversals without an import circle. */
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
 * Records a Reverse Payment By Token (docs/service-api.md "Reverse Payment By Token"). The checkout is
 * closed at once; the order is reversed `reversalDelaySeconds` later, on the next read of the state.
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

/** Voids what is open and refunds what is captured of every due reversal; applying twice does nothing more. */
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
      (candidate) => candidate.token === pending.token && candidate.merchantId === pending.merchantId,
    )
    if (payment?.status !== "APPROVED") continue
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
