import type { CartSnapshot } from "../../payments/mapping/cart-snapshot"

/**
 * Cart snapshots read when the shopper reached the payment step (the eligibility route, after
 * it answered), for the payment-session middleware to send Create Checkout from at once,
 * before its own read of the cart: the read then runs during the round trip to the service
 * instead of before it (docs/performance.md "A quiet shop").
 *
 * A prepared snapshot is only ever a guess. The middleware still reads the cart, and the early
 * checkout is handed to the provider only when the snapshot it was made from is exactly the
 * one read then (`sameSnapshot`); otherwise a checkout is made from the fresh one, and the
 * guessed one expires unused at the service (a checkout is not money). So the worst a stale or
 * missing entry costs is speed, never a wrong checkout. Kept in this process's memory, bounded
 * in number and age, never in a cache or the database.
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

/**
 * Whether two snapshots of a cart are the same in every field Create Checkout is made from
 * (payments/mapping/checkout.ts): both come from `toCartSnapshot`, so their keys are in the
 * same order and their JSON is equal exactly when they are.
 */
export function sameSnapshot(a: CartSnapshot, b: CartSnapshot): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}

/** How many carts have a prepared snapshot (tests). */
export function preparedSnapshotCount(): number {
  return prepared.size
}
