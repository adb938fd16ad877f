import type { MemoryMoneyRecords } from "../../../src/payments/money-records"
import { sandbox, sharedStore, medusaCapture, core, reason, authorized, useSandboxCore } from "./core-harness"

useSandboxCore()

describe("money records across a crash", () => {
  async function capturedWith(store: MemoryMoneyRecords) {
    const { operations } = core({}, store)
    return operations.capture({ data: await authorized(operations), capture: medusaCapture() })
  }

  it("a refund a dead process left `sending` and the service never got is sent again before the next one: both refunded, as Medusa records", async () => {
    const store = sharedStore()
    const data = await capturedWith(store)
    // The process wrote its record and died before the call went out; Medusa kept its refund of 30.00.
    await store.begin({
      serviceOrderId: data.orderId!,
      kind: "refund",
      medusaRecordId: "ref_dead",
      requestId: "ref_dead",
      amount: "30.00",
      currency: "GBP",
    })
    const { operations } = core({}, store)
    const after = await operations.refund({ data, amountMinor: 1000n, refundId: "ref_next" })
    expect(sandbox.control.ledger().refunds.map((refund) => refund.amount.amount)).toEqual(["30.00", "10.00"])
    expect(after.refundedAmount).toBe("40.00")
  })

  it("a refund a dead process left `sending` that the service applied is recorded, not sent again, and not counted against the next one", async () => {
    const store = sharedStore()
    const first = core({}, store)
    const data = await capturedWith(store)
    sandbox.control.addFault({ endpoint: "refund", kind: "latency", delayMs: 200, times: 1 })
    // The call reaches the service; the "process" forgets it before recording the answer.
    const record = await store.begin({
      serviceOrderId: data.orderId!,
      kind: "refund",
      medusaRecordId: "ref_mid",
      requestId: "ref_mid",
      amount: "30.00",
      currency: "GBP",
    })
    await first.client.createRefund(data.orderId!, {
      amount: { amount: "30.00", currency: "GBP" },
      requestId: "ref_mid",
      merchantReference: "ref_mid",
    })
    expect((await store.forOrder(data.orderId!)).find((entry) => entry.id === record.id)?.state).toBe("sending")

    const after = await core({}, store).operations.refund({ data, amountMinor: 1000n, refundId: "ref_later" })
    expect(sandbox.control.ledger().refunds.map((refund) => refund.amount.amount)).toEqual(["30.00", "10.00"])
    expect(after.refundedAmount).toBe("40.00")
  })

  it("a record that cannot be written: nothing is sent, records_unavailable", async () => {
    const store = sharedStore()
    const data = await capturedWith(store)
    store.begin = async () => {
      throw new Error("database down")
    }
    const { operations } = core({}, store)
    expect(await reason(operations.refund({ data, amountMinor: 1000n, refundId: "ref_db_down" }))).toBe("records_unavailable")
    expect(sandbox.control.ledger().refunds).toHaveLength(0)
  })

  it("two captures at once, each its own Medusa capture: two captures at the service", async () => {
    const store = sharedStore()
    const { operations } = core({}, store)
    const data = await authorized(operations)
    await Promise.all([
      operations.capture({ data, capture: medusaCapture(1000n) }),
      operations.capture({ data, capture: medusaCapture(3000n) }),
    ])
    expect(
      sandbox.control
        .ledger()
        .captures.map((capture) => capture.amount.amount)
        .sort(),
    ).toEqual(["10.00", "30.00"])
  })
})
