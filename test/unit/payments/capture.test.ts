import { sandbox, logs, medusaCapture, core, reason, authorized, useSandboxCore, captureRefusedAsUnreachable } from "./core-harness"

useSandboxCore()

describe("capture", () => {
  it.each([undefined, "lost_response", "reset", "status", "conflict"] as const)("captures what is open once (fault: %s)", async (kind) => {
    const { operations } = core()
    const data = await authorized(operations)
    if (kind) sandbox.control.addFault({ endpoint: "capture", kind, times: 1 })
    const captured = await operations.capture({ data, capture: medusaCapture() })
    expect(captured).toMatchObject({ paymentState: "CAPTURED", capturedAmount: "50.49" })
    expect(sandbox.control.ledger().captures).toHaveLength(1)
  })

  it("a service that cannot be reached (no Get Payment goes first any more): refused with a clear error, Medusa's capture dropped, capturing again later sends it once", async () => {
    const { money, operations, data, capture, refused } = await captureRefusedAsUnreachable()
    await expect(refused).rejects.toThrow(/never got the request\. It is safe to try again/)
    expect((await money.forOrder(data.orderId!)).map((record) => record.state)).toEqual(["refused"])
    await operations.capture({ data, capture })
    expect(sandbox.control.ledger().captures.map((entry) => entry.requestId)).toEqual([capture.id])
  })

  it("answers lost on every try: Medusa is answered with success and keeps its capture; pressing Capture again sends nothing new", async () => {
    const { operations } = core()
    const data = await authorized(operations)
    const capture = medusaCapture()
    sandbox.control.addFault({ endpoint: "capture", kind: "lost_response", times: 10 })
    await operations.capture({ data, capture })
    sandbox.control.clearFaults()
    await operations.capture({ data, capture })
    expect(sandbox.control.ledger().captures.map((entry) => entry.requestId)).toEqual([capture.id])
  })

  it.each(["reset", "status", "malformed", "html"] as const)(
    "every answer `%s` (never applied): Medusa keeps the capture, and the next money operation sends it first, with its requestId, once",
    async (kind) => {
      const { operations } = core()
      const data = await authorized(operations)
      const first = medusaCapture(2000n)
      sandbox.control.addFault({ endpoint: "capture", kind, times: 10 })
      const kept = await operations.capture({ data, capture: first })
      expect(sandbox.control.ledger().captures).toHaveLength(0)
      expect(kept.capturedAmount ?? "0.00").toBe("0.00")
      sandbox.control.clearFaults()
      const second = medusaCapture(1000n)
      const after = await operations.capture({ data: kept, capture: second })
      expect(sandbox.control.ledger().captures.map((entry) => [entry.requestId, entry.amount.amount])).toEqual([
        [first.id, "20.00"],
        [second.id, "10.00"],
      ])
      expect(after.capturedAmount).toBe("30.00")
    },
  )

  it("on the payment Medusa cancelled for an order change (its approval moved to the new payment): refused, nothing captured (soak seed 28)", async () => {
    const { operations } = core()
    const data = await authorized(operations)
    const moved = { ...data, carriedApprovalId: "bnplcarr_1", carriedAt: new Date().toISOString() }
    expect(await reason(operations.capture({ data: moved, capture: medusaCapture() }))).toBe("not_allowed")
    expect(sandbox.control.ledger().captures).toHaveLength(0)
  })

  it("past the 13 days: authorization_expired without asking the service; after a void: payment_voided, logged", async () => {
    const { operations } = core()
    const data = await authorized(operations)
    expect(
      await reason(
        operations.capture({
          data: { ...data, authorizationExpiresAt: new Date(Date.now() - 1000).toISOString() },
          capture: medusaCapture(),
        }),
      ),
    ).toBe("authorization_expired")
    await operations.cancel({ data, idempotencyKey: "pay_01" })
    expect(await reason(operations.capture({ data, capture: medusaCapture() }))).toBe("payment_voided")
    expect(logs.join("\n")).toContain(`error medusa-payment-bnpl: capture of service order ${data.orderId} refused: the payment was voided`)
    expect(sandbox.control.ledger().captures).toHaveLength(0)
  })

  it("pressed while a slow void is in flight: waits for it under the lock, then meets the voided payment", async () => {
    const { operations } = core()
    const data = await authorized(operations)
    sandbox.control.addFault({ endpoint: "void", kind: "latency", delayMs: 300, times: 1 })
    const cancel = operations.cancel({ data, idempotencyKey: "pay_02" })
    const capture = reason(operations.capture({ data, capture: medusaCapture() }))
    expect((await cancel).paymentState).toBe("VOIDED")
    expect(await capture).toBe("payment_voided")
    expect(sandbox.control.ledger().captures).toHaveLength(0)
  })
})
