import { sandbox, core, cart, reason, confirmedSession, useSandboxCore } from "./core-harness"

useSandboxCore()

describe("authorize", () => {
  it("approved: the service's order id, AUTH_APPROVED and the 13-day expiry; a second call sends no second Auth", async () => {
    const { operations } = core()
    const data = await confirmedSession(operations)
    const first = await operations.authorize({ data, requestId: "payses_01" })
    expect(first.status).toBe("authorized")
    expect(first.data).toMatchObject({ paymentState: "AUTH_APPROVED", capturedAmount: "0.00" })
    expect(Date.parse(first.data.authorizationExpiresAt!) - Date.now()).toBeGreaterThan(12.9 * 86_400_000)
    await operations.authorize({ data: first.data, requestId: "payses_01" })
    expect(sandbox.control.ledger().auths).toHaveLength(1)
  })

  it("declined: `declined`; not confirmed yet: requires_more and nothing approved", async () => {
    const { operations } = core()
    expect(await reason(operations.authorize({ data: await confirmedSession(operations, "decline"), requestId: "payses_02" }))).toBe(
      "declined",
    )
    const unconfirmed = await operations.startCheckout({ snapshot: cart, amountMinor: 5049n, currency: "gbp", data: {} })
    expect((await operations.authorize({ data: unconfirmed.data, requestId: "payses_03" })).status).toBe("requires_more")
    expect(sandbox.control.ledger().auths.filter((auth) => auth.status === "APPROVED")).toHaveLength(0)
  })

  it.each(["lost_response", "reset", "status"] as const)(
    "Auth meets `%s` once: retried with the same requestId, one approval",
    async (kind) => {
      const { operations } = core()
      const data = await confirmedSession(operations)
      sandbox.control.addFault({ endpoint: "auth", kind, times: 1 })
      expect((await operations.authorize({ data, requestId: "payses_04" })).status).toBe("authorized")
      expect(sandbox.control.ledger().auths).toHaveLength(1)
    },
  )

  it("Auth's answer lost on every try: payment_failed; trying again later replays the approval, never a second one", async () => {
    const { operations } = core()
    const data = await confirmedSession(operations)
    sandbox.control.addFault({ endpoint: "auth", kind: "lost_response", times: 10 })
    expect(await reason(operations.authorize({ data, requestId: "payses_05" }))).toBe("payment_failed")
    sandbox.control.clearFaults()
    const again = await operations.authorize({ data, requestId: "payses_05" })
    expect(again.status).toBe("authorized")
    expect(sandbox.control.ledger().auths).toHaveLength(1)
  })

  it("one round trip: Auth only, no Get Checkout", async () => {
    const { operations } = core()
    const data = await confirmedSession(operations)
    const before = sandbox.control.ledger().requests
    await operations.authorize({ data, requestId: "payses_09" })
    const after = sandbox.control.ledger().requests
    expect(after.auth - before.auth).toBe(1)
    expect(after.getCheckout - before.getCheckout).toBe(0)
    expect(after.getPayment - before.getPayment).toBe(0)
  })

  it("a checkout approved for another amount than the session's: voided at once, amount_changed", async () => {
    const { operations } = core()
    const data = await confirmedSession(operations)
    expect(await reason(operations.authorize({ data: { ...data, amount: "10.00" }, requestId: "payses_06" }))).toBe("amount_changed")
    expect(sandbox.control.ledger().payments.map((payment) => payment.paymentState)).toEqual(["VOIDED"])
  })

  it("a replayed approval that was voided since (older than a few minutes) places nothing", async () => {
    const { operations, client } = core()
    const data = await confirmedSession(operations)
    sandbox.control.addFault({ endpoint: "auth", kind: "lost_response", times: 10 })
    await reason(operations.authorize({ data, requestId: "payses_10" }))
    sandbox.control.clearFaults()
    const [payment] = sandbox.control.ledger().payments
    await client.voidPayment(payment.id, { requestId: "reconciliation-void" })
    const later = new Date(Date.now() + 10 * 60 * 1000)
    expect(await reason(operations.authorize({ data, requestId: "payses_10", now: later }))).toBe("expired")
  })

  it("capture on authorisation: captured at once with one capture", async () => {
    const { operations } = core({ capture: "on_authorize" })
    const result = await operations.authorize({ data: await confirmedSession(operations), requestId: "payses_07" })
    expect(result).toMatchObject({ status: "captured", data: { capturedAmount: "50.49", paymentState: "CAPTURED" } })
    expect(sandbox.control.ledger().captures).toHaveLength(1)
  })
})
