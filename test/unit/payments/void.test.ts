import { sandbox, logs, core, reason, authorized, medusaCapture, useSandboxCore } from "./core-harness"

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
    expect(await operations.cancel({ data: { orderId: "1", paymentState: "VOIDED" }, idempotencyKey: "pay_05" })).toMatchObject({
      paymentState: "VOIDED",
    })
    expect(sandbox.control.ledger().voids).toHaveLength(0)
  })

  it("an authorised payment whose data lost its currency: refused naming the currency, nothing sent, still open at the service", async () => {
    const { operations } = core()
    const { currency: _dropped, ...data } = await authorized(operations)
    const refused = operations.cancel({ data, idempotencyKey: "pay_no_currency" })
    expect(await reason(refused)).toBe("not_allowed")
    await expect(refused).rejects.toThrow(/has no currency recorded/)
    expect(sandbox.control.ledger().voids).toHaveLength(0)
    expect(sandbox.control.ledger().payments.map((payment) => payment.paymentState)).toEqual(["AUTH_APPROVED"])
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

describe("what a void of the rest released (Void the rest's credit line)", () => {
  const minor = (amount: string) => BigInt(Math.round(Number(amount) * 100))
  const released = (data: { releasedAmount?: string }) => data.releasedAmount

  it("is the service's figure from its answer, not the captured amount Medusa's data holds", async () => {
    const { operations } = core()
    const data = await authorized(operations)
    const afterCapture = await operations.capture({ data, capture: medusaCapture(1000n) })
    // Medusa counts a capture still in flight among its own: its data may claim more captured than the service has.
    const voided = await operations.cancel({ data: { ...afterCapture, capturedAmount: "20.00" }, idempotencyKey: "pay_rel_1" })
    const [entry] = sandbox.control.ledger().voids
    expect(released(voided)).toBe(entry.amount.amount)
    expect(minor(released(voided)!)).toBe(minor(data.amount!) - 1000n)
  })

  it.each(["capture first", "void first"] as const)(
    "a capture racing the void (%s): the released amount is what the service voided, to the cent",
    async (first) => {
      for (let round = 0; round < 10; round++) {
        const { operations } = core()
        const data = await authorized(operations)
        const partly = await operations.capture({ data, capture: medusaCapture(1000n) })
        const capture = () =>
          operations.capture({ data: partly, capture: medusaCapture(1000n) }).then(
            () => "captured",
            () => "refused",
          )
        const cancel = () => operations.cancel({ data: partly, idempotencyKey: `pay_race_${round}` })
        const [captureOutcome, voided] =
          first === "capture first"
            ? await Promise.all([capture(), cancel()])
            : await Promise.all([cancel(), capture()]).then(([v, c]) => [c, v] as const)
        const voids = sandbox.control.ledger().voids.filter((entry) => entry.orderId === data.orderId)
        expect(voids).toHaveLength(1)
        expect(released(voided)).toBe(voids[0].amount.amount)
        const capturedAtService = captureOutcome === "captured" ? 2000n : 1000n
        expect(minor(released(voided)!)).toBe(minor(data.amount!) - capturedAtService)
      }
    },
  )

  it("a void sent again after its answer was lost: the same requestId, one void at the service, the same released amount", async () => {
    const { operations } = core()
    const data = await authorized(operations)
    const partly = await operations.capture({ data, capture: medusaCapture(1000n) })
    sandbox.control.addFault({ endpoint: "void", kind: "lost_response", times: 1 })
    await operations.cancel({ data: partly, idempotencyKey: "pay_rel_3" }).catch(() => undefined)
    const again = await operations.cancel({ data: partly, idempotencyKey: "pay_rel_3" })
    expect(sandbox.control.ledger().voids).toHaveLength(1)
    expect(minor(released(again)!)).toBe(minor(data.amount!) - 1000n)
  })
})
