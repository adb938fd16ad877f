import type { CartSnapshot } from "../../payments/mapping/cart-snapshot"

/**
 * A cart snapshot read at the payment step, so the session middleware can send Create Checkout before its own read
 * (docs/performance.md "A quiet shop"). Only a guess: its checkout is used only when `sameSnapshot` with the fresh
 * read, so a stale entry costs speed, never a wrong checkout. In memory only, bounded in number and age.
 */
export interface PreparedSnapshot {
  snapshot: CartSnapshot
  /** `Date.now()` when it was read. */
  preparedAt: number
}

/** How long a snapshot waits for the shopper's payment session. */
export const PREPARED_SNAPSHOT_LIFE_MS = 10 * 60_000
/** Carts kept at most; the oldest goes first. */
export const PREPARED_SNAPSHOTS_MAX = 1_000

const prepared = new Map<string, PreparedSnapshot>()

/** Keeps the snapshot of a cart at the payment step, replacing an older one of the same cart. */
export function keepPreparedSnapshot(snapshot: CartSnapshot, now = Date.now()): void {
  prepared.delete(snapshot.cartId)
  prepared.set(snapshot.cartId, { snapshot, preparedAt: now })
  // A Map iterates in insertion order: the first key is the oldest.
  while (prepared.size > PREPARED_SNAPSHOTS_MAX) prepared.delete(prepared.keys().next().value as string)
}

/** The cart's snapshot from the payment step, when one was read in the last PREPARED_SNAPSHOT_LIFE_MS. */
export function preparedSnapshotOf(cartId: string, now = Date.now()): CartSnapshot | undefined {
  const entry = prepared.get(cartId)
  if (!entry) return undefined
  if (now - entry.preparedAt > PREPARED_SNAPSHOT_LIFE_MS) {
    prepared.delete(cartId)
    return undefined
  }
  return entry.snapshot
}

/** Equal in every Create Checkout field: both come from `toCartSnapshot`, so their keys share an order and JSON compares. */
export function sameSnapshot(a: CartSnapshot, b: CartSnapshot): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}

/** How many carts have a prepared snapshot (tests). */
export function preparedSnapshotCount(): number {
  return prepared.size
}
