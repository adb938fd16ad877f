import {
  PREPARED_SNAPSHOT_LIFE_MS,
  PREPARED_SNAPSHOTS_MAX,
  keepPreparedSnapshot,
  preparedSnapshotCount,
  preparedSnapshotOf,
  sameSnapshot,
} from "../../../../src/runtime/checkout/prepared-snapshots"
import { toCartSnapshot } from "../../../../src/payments/mapping/cart-snapshot"
import { ukTaxInclusiveCart } from "../../payments/mapping/carts"

describe("prepared snapshots: the cart read at the payment step, for the session", () => {
  const snapshotOf = (id: string, email = "ada@example.com") => toCartSnapshot({ ...ukTaxInclusiveCart(), id, email })

  it("gives the newest snapshot of a cart, as long as it is young enough", () => {
    const now = 1_000_000
    keepPreparedSnapshot(snapshotOf("cart_a", "old@example.com"), now)
    keepPreparedSnapshot(snapshotOf("cart_a", "new@example.com"), now + 1)
    expect(preparedSnapshotOf("cart_a", now + 2)?.email).toBe("new@example.com")
    expect(preparedSnapshotOf("cart_a", now + 1 + PREPARED_SNAPSHOT_LIFE_MS + 1)).toBeUndefined()
    expect(preparedSnapshotOf("cart_a", now + 2)).toBeUndefined()
    expect(preparedSnapshotOf("cart_unknown")).toBeUndefined()
  })

  it("keeps at most PREPARED_SNAPSHOTS_MAX carts, dropping the oldest", () => {
    const now = Date.now()
    for (let index = 0; index <= PREPARED_SNAPSHOTS_MAX; index++) keepPreparedSnapshot(snapshotOf(`cart_${index}`), now)
    expect(preparedSnapshotCount()).toBe(PREPARED_SNAPSHOTS_MAX)
    expect(preparedSnapshotOf("cart_0", now)).toBeUndefined()
    expect(preparedSnapshotOf(`cart_${PREPARED_SNAPSHOTS_MAX}`, now)).toBeDefined()
  })

  it("sameSnapshot holds for two reads of an unchanged cart and fails for any change Create Checkout would carry", () => {
    expect(sameSnapshot(snapshotOf("cart_b"), snapshotOf("cart_b"))).toBe(true)
    expect(sameSnapshot(snapshotOf("cart_b"), snapshotOf("cart_b", "other@example.com"))).toBe(false)
    const moved = toCartSnapshot({
      ...ukTaxInclusiveCart(),
      id: "cart_b",
      shipping_address: { ...ukTaxInclusiveCart().shipping_address, address_1: "221B Baker Street" },
    })
    expect(sameSnapshot(snapshotOf("cart_b"), moved)).toBe(false)
  })
})
