import { sandbox, logs, core, reason, authorized, useSandboxCore } from "./core-harness"

useSandboxCore()

describe("cancel", () => {
  it.each([undefined, "lost_response", "status"] as const)("voids the open authorisation once (fault: %s)", async (kind) => {
    const { operations } = core()
    const data = await authorized(operations)
    if (kind) sandbox.control.addFault({ endpoint: "void", kind, times: 1 })
    expect((await operations.cancel({ data, idempotencyKey: "pay_03" })).paymentState).toBe("VOIDED")
    expect(sandbox.control.ledger().voids).toHaveLength(1)
  })

  it("an already voided or never authorised payment is left as it is", async () => {
    const { operations } = core()
    expect(await operations.cancel({ data: { token: "x" }, idempotencyKey: "pay_04" })).toEqual({ token: "x" })
    expect(await operations.cancel({ data: { orderId: "1", paymentState: "VOIDED" }, idempotencyKey: "pay_05" })).toMatchObject({ paymentState: "VOIDED" })
    expect(sandbox.control.ledger().voids).toHaveLength(0)
  })

  it("a void that meets a capture the data does not record: refunds it once, fails naming it, then settles", async () => {
    const { operations, client } = core()
    const data = await authorized(operations)
    await client.capturePayment(data.orderId!, { requestId: "behind-medusas-back", amount: { amount: "50.49", currency: "GBP" } })

    expect(await reason(operations.cancel({ data, idempotencyKey: "pay_06" }))).toBe("unrecorded_capture_refunded")
    expect(logs.join("\n")).toMatch(new RegExp(`error .*service order ${data.orderId} was cancelled in Medusa but 50.49 GBP was captured`))
    const settled = await operations.cancel({ data, idempotencyKey: "pay_06" })
    expect(settled.paymentState).toBe("CAPTURED")
    const refunds = sandbox.control.ledger().refunds
    expect(refunds.map((refund) => refund.amount.amount)).toEqual(["50.49"])
  })
})
