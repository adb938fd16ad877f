import type { PaymentOperations } from "../../../src/payments/payment-operations"
import { sandbox, sharedStore, medusaCapture, core, reason, authorized, useSandboxCore } from "./core-harness"

useSandboxCore()

describe("refund", () => {
  async function captured(operations: PaymentOperations) {
    return operations.capture({ data: await authorized(operations), capture: medusaCapture() })
  }

  it("partial refunds up to what was captured; more is refused before the service is asked", async () => {
    const { operations } = core()
    let data = await captured(operations)
    data = await operations.refund({ data, amountMinor: 2000n, refundId: "ref_01" })
    data = await operations.refund({ data, amountMinor: 3049n, refundId: "ref_02" })
    expect(data.refundedAmount).toBe("50.49")
    expect(await reason(operations.refund({ data, amountMinor: 1n, refundId: "ref_03" }))).toBe("invalid_request")
    expect(sandbox.control.ledger().refunds.map((refund) => refund.amount.amount)).toEqual(["20.00", "30.49"])
  })

  it("an uncaptured payment: not_allowed, nothing sent", async () => {
    const { operations } = core()
    expect(await reason(operations.refund({ data: await authorized(operations), amountMinor: 100n, refundId: "ref_04" }))).toBe(
      "not_allowed",
    )
    expect(sandbox.control.ledger().refunds).toHaveLength(0)
  })

  it.each(["lost_response", "reset", "status"] as const)("a refund meeting `%s` once is made once", async (kind) => {
    const { operations } = core()
    const data = await captured(operations)
    sandbox.control.addFault({ endpoint: "refund", kind, times: 1 })
    await operations.refund({ data, amountMinor: 1000n, refundId: "ref_05" })
    expect(sandbox.control.ledger().refunds).toHaveLength(1)
  })

  it("answers lost on every try: Medusa is answered with success and keeps its refund; another instance's next refund is a refund of its own, each applied once", async () => {
    const store = sharedStore()
    const first = core({}, store)
    const data = await captured(first.operations)
    sandbox.control.addFault({ endpoint: "refund", kind: "lost_response", times: 10 })
    const kept = await first.operations.refund({ data, amountMinor: 1500n, refundId: "ref_06" })
    expect(kept.refundedAmount ?? "0.00").toBe("0.00")
    sandbox.control.clearFaults()
    const second = core({}, store)
    const after = await second.operations.refund({ data, amountMinor: 1500n, refundId: "ref_07" })
    expect(sandbox.control.ledger().refunds.map((refund) => [refund.requestId, refund.amount.amount])).toEqual([
      ["ref_06", "15.00"],
      ["ref_07", "15.00"],
    ])
    expect(after.refundedAmount).toBe("30.00")
  })

  it.each(["reset", "status", "malformed"] as const)(
    "every answer `%s` (never applied): Medusa keeps the refund, and the next refund sends it first, with its requestId, once",
    async (kind) => {
      const { operations } = core()
      const data = await captured(operations)
      sandbox.control.addFault({ endpoint: "refund", kind, times: 10 })
      await operations.refund({ data, amountMinor: 1000n, refundId: "ref_10" })
      expect(sandbox.control.ledger().refunds).toHaveLength(0)
      sandbox.control.clearFaults()
      const after = await operations.refund({ data, amountMinor: 700n, refundId: "ref_11" })
      expect(sandbox.control.ledger().refunds.map((refund) => [refund.requestId, refund.amount.amount])).toEqual([
        ["ref_10", "10.00"],
        ["ref_11", "7.00"],
      ])
      expect(after.refundedAmount).toBe("17.00")
    },
  )

  it("a refund a dead process left sending, whose resend's answer is lost too: still Medusa's, so the next refund is sent in full", async () => {
    const store = sharedStore()
    const { operations } = core({}, store)
    const data = await captured(operations)
    // A process died after recording refund ref_20 (Medusa committed it) and before sending it.
    await store.begin({
      serviceOrderId: data.orderId!,
      kind: "refund",
      medusaRecordId: "ref_20",
      requestId: "ref_20",
      amount: "25.00",
      currency: "GBP",
    })
    // The next refund resends it first; every answer of the resend is lost, so this refund fails (Medusa deletes ref_21).
    sandbox.control.addFault({ endpoint: "refund", kind: "lost_response", times: 10 })
    await expect(operations.refund({ data, amountMinor: 3000n, refundId: "ref_21" })).rejects.toThrow()
    sandbox.control.clearFaults()
    // Medusa records ref_20 (25.00) and now ref_22 (3.00): the service must refund both, in full.
    const after = await operations.refund({ data, amountMinor: 300n, refundId: "ref_22" })
    expect(sandbox.control.ledger().refunds.map((refund) => refund.amount.amount)).toEqual(["25.00", "3.00"])
    expect(after.refundedAmount).toBe("28.00")
  })
})
