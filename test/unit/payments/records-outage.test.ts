import { MemoryMoneyRecords, type MoneyOperationRecord, type NewMoneyOperation } from "../../../src/payments/money-records"
import { MemoryPaymentIdentities } from "../../../src/payments/payment-identity"
import { authorized, core, inProcessLock, logs, medusaCapture, reason, sandbox, sharedStore, useSandboxCore } from "./core-harness"

useSandboxCore()

/** The store's database as an outage leaves it: every read and write fails while `away`. */
class RecordsWithOutage extends MemoryMoneyRecords {
  away = false
  /** Goes away right after the next record is written: the outage begins while its call is on its way. */
  goAwayAfterNextBegin = false

  async begin(operation: NewMoneyOperation): Promise<MoneyOperationRecord> {
    if (this.away) throw new Error("Connection terminated unexpectedly")
    const record = await super.begin(operation)
    if (this.goAwayAfterNextBegin) this.away = true
    return record
  }

  async update(...args: Parameters<MemoryMoneyRecords["update"]>): Promise<void> {
    if (this.away) throw new Error("Connection terminated unexpectedly")
    return super.update(...args)
  }

  async forOrder(serviceOrderId: string): Promise<MoneyOperationRecord[]> {
    if (this.away) throw new Error("Connection terminated unexpectedly")
    return super.forOrder(serviceOrderId)
  }
}

describe('the store\'s database away (docs/operations.md "Outages")', () => {
  it("before a capture: nothing is sent, and the admin reads records_unavailable", async () => {
    const records = new RecordsWithOutage()
    const { operations } = core({}, records)
    const data = await authorized(operations)
    records.away = true
    expect(await reason(operations.capture({ data, capture: medusaCapture() }))).toBe("records_unavailable")
    expect(sandbox.control.ledger().captures).toHaveLength(0)
  })

  it("while a capture is on its way: Medusa is answered with what the service did, and the next money call records it, nothing sent twice", async () => {
    const records = new RecordsWithOutage()
    const { operations } = core({}, records)
    const data = await authorized(operations)
    records.goAwayAfterNextBegin = true
    const capture = medusaCapture()
    const captured = await operations.capture({ data, capture })
    // Success, so Medusa keeps its capture of money the service took.
    expect(captured).toMatchObject({ capturedAmount: "50.49" })
    expect(logs.join("\n")).toContain(
      `capture ${capture.id} of service order ${data.orderId} (50.49 GBP) was applied by the service, but its record could not be updated`,
    )

    records.away = false
    records.goAwayAfterNextBegin = false
    const refunded = await operations.refund({ data: captured, amountMinor: 1000n, refundId: "ref_after_outage" })
    expect(refunded).toMatchObject({ capturedAmount: "50.49", refundedAmount: "10.00" })
    expect(sandbox.control.ledger().captures.map((entry) => entry.requestId)).toEqual([capture.id])
    expect((await records.forOrder(data.orderId!)).map((record) => [record.requestId, record.state, record.recorded])).toEqual([
      [capture.id, "applied", true],
      ["ref_after_outage", "applied", true],
    ])
  })

  it("the service away right after it applied a refund, while another record waits to be settled: Medusa keeps the refund", async () => {
    const records = new RecordsWithOutage()
    const { operations, client } = core({}, records)
    const captured = await operations.capture({ data: await authorized(operations), capture: medusaCapture() })
    const orderId = captured.orderId!
    const createRefund = client.createRefund
    ;(client as { createRefund: typeof createRefund }).createRefund = async (...args: Parameters<typeof createRefund>) => {
      // Meanwhile another instance began a refund of its own (its lock's lease lapsed under load):
      // the settle after this call finds its record "sending" and reads the payment for it.
      await records.begin({ serviceOrderId: orderId, kind: "refund", requestId: "ref_elsewhere", amount: "5.00", currency: "GBP" })
      const answer = await createRefund(...args)
      // The service goes away the moment it answered: that Get Payment fails.
      sandbox.control.addFault({ endpoint: "getPayment", kind: "status", status: 503, times: 20 })
      return answer
    }
    const refunded = await operations.refund({ data: captured, amountMinor: 1000n, refundId: "ref_applied" })
    // Success, so Medusa keeps its refund of money the service gave back.
    expect(refunded.refundedAmount).toBe("10.00")
    expect(sandbox.control.ledger().refunds.map((entry) => entry.requestId)).toEqual(["ref_applied"])
    expect(logs.join("\n")).toContain(
      `the other money records of service order ${orderId} could not be settled after its money call was applied`,
    )
    expect((await records.forOrder(orderId)).map((record) => [record.requestId, record.state])).toEqual([
      [expect.any(String), "applied"],
      ["ref_applied", "applied"],
      ["ref_elsewhere", "sending"],
    ])
  })

  it("a refund the repair job already sent, pressed again while the service cannot be read: Medusa keeps it, nothing sent twice (soak seed 28)", async () => {
    const { operations } = core()
    const captured = await operations.capture({ data: await authorized(operations), capture: medusaCapture() })
    // The completion job's repair sends Medusa's refund while the admin's call waits for the lock.
    const sentByTheJob = await operations.refund({ data: captured, amountMinor: 1000n, refundId: "ref_pressed" })
    expect(sentByTheJob.refundedAmount).toBe("10.00")
    // The admin's own call then finds the service away before it could read the payment.
    sandbox.control.addFault({ endpoint: "getPayment", kind: "status", status: 503, times: 20 })
    const answered = await operations.refund({ data: captured, amountMinor: 1000n, refundId: "ref_pressed" })
    expect(answered.refundedAmount).toBe("10.00")
    expect(sandbox.control.ledger().refunds.map((entry) => entry.requestId)).toEqual(["ref_pressed"])
    // A new refund needs no read: its records are settled and its identity was recorded at approval.
    const readsBefore = sandbox.control.ledger().requests.getPayment ?? 0
    expect((await operations.refund({ data: captured, amountMinor: 500n, refundId: "ref_new" })).refundedAmount).toBe("15.00")
    expect(sandbox.control.ledger().requests.getPayment ?? 0).toBe(readsBefore)
    // One whose identity no record holds (approved before the records) is refused while the
    // service cannot be read: nothing goes out blind.
    const { operations: upgraded } = core({}, sharedStore(), inProcessLock(), { identities: new MemoryPaymentIdentities() })
    expect(
      await reason(upgraded.refund({ data: { ...captured, refundedAmount: "15.00" }, amountMinor: 500n, refundId: "ref_blind" })),
    ).toBe("service_unanswered")
    expect(sandbox.control.ledger().refunds).toHaveLength(2)
  })
})
