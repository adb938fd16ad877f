import type { StoredPayment } from "./payment-lifecycle"
import type { PendingReversal } from "./reversal"
import type { SandboxStore, StoredCheckout } from "./state"

/**
 * What outlives a restart; not kept are access tokens, requestIds, faults, the ledger and the limits,
 * which start as the options say. Bigint amounts are written as strings.
 */
export interface SandboxSavedState {
  version: 1
  checkouts: StoredCheckout[]
  payments: StoredPayment[]
  pendingReversals: PendingReversal[]
  nextPaymentNumber: number
  nextRefundNumber: number
  clockOffsetMs: number
}

const BIGINT_TAG = "$bigint"

/** The store's lasting state as JSON text. */
export function saveSandboxState(store: SandboxStore): string {
  const state: SandboxSavedState = {
    version: 1,
    checkouts: [...store.checkouts.values()],
    payments: [...store.payments.values()],
    pendingReversals: store.pendingReversals,
    ...store.counters(),
    clockOffsetMs: store.clock.offset(),
  }
  return JSON.stringify(state, (_key, value) => (typeof value === "bigint" ? { [BIGINT_TAG]: value.toString() } : value))
}

/**
 * Restores into an empty store so new orders continue its numbering: a Medusa store keeping its
 * database never sees one order id given to two orders. @throws Error for another version.
 */
export function restoreSandboxState(store: SandboxStore, text: string): void {
  const state = JSON.parse(text, (_key, value) =>
    value && typeof value === "object" && typeof value[BIGINT_TAG] === "string" && Object.keys(value).length === 1
      ? BigInt(value[BIGINT_TAG])
      : value,
  ) as SandboxSavedState
  if (state?.version !== 1 || !Array.isArray(state.checkouts) || !Array.isArray(state.payments)) {
    throw new Error("savedState is not a sandbox state saved by Sandbox.saveState() (version 1)")
  }
  for (const checkout of state.checkouts) store.checkouts.set(checkout.token, checkout)
  for (const payment of state.payments) store.payments.set(payment.id, payment)
  store.pendingReversals = state.pendingReversals ?? []
  store.continueCounters(state.nextPaymentNumber, state.nextRefundNumber)
  store.clock.advance(Math.max(0, state.clockOffsetMs ?? 0) / 1000)
}
