import { consumerChooses } from "../../../harness/shopper"
import { previousSessionOf, type BnplPaymentData } from "../../../src/payments/session-data"
import { sandbox, logs, core, cart, reason, confirmedSession, useSandboxCore } from "./core-harness"

useSandboxCore()

describe("startCheckout", () => {
  it("creates one checkout for the cart's amount, keeps a digest of the approved cart and no secret", async () => {
    const { operations } = core()
    const { data, status } = await operations.startCheckout({ snapshot: cart, amountMinor: 5049n, currency: "gbp", data: {} })
    expect(status).toBe("pending")
    expect(data).toMatchObject({ amount: "50.49", currency: "GBP", cartId: cart.cartId })
    expect(data.cartDigest).toMatch(/^[0-9a-f]{64}$/)
    expect(JSON.stringify(data)).not.toContain("sandbox-uk-secret-key")
    expect(sandbox.control.ledger().checkouts).toHaveLength(1)
  })

  it("outside the limits: not_eligible with the limit in the words, nothing created", async () => {
    const { operations } = core()
    const refused = operations.startCheckout({ snapshot: cart, amountMinor: 100_001n, currency: "gbp", data: {} })
    await expect(refused).rejects.toThrow(/above the maximum of 1000.00 GBP/)
    expect(await reason(operations.startCheckout({ snapshot: cart, amountMinor: 5049n, currency: "eur", data: {} }))).toBe("not_eligible")
    expect(sandbox.control.ledger().checkouts).toHaveLength(0)
  })

  it("the service failing: the shopper gets `unavailable` in generic words, the merchant's detail goes to the log", async () => {
    const { operations } = core()
    sandbox.control.addFault({ endpoint: "createCheckout", kind: "status", status: 401, times: 5 })
    const error = await operations
      .startCheckout({ snapshot: cart, amountMinor: 5049n, currency: "gbp", data: {} })
      .catch((thrown) => thrown)
    expect(error).toMatchObject({ reason: "unavailable" })
    expect(error.message).not.toMatch(/credential|merchantId|secret/i)
    expect(logs.join("\n")).toMatch(
      /error medusa-payment-bnpl: Starting the pay later checkout failed: the payment service refused the merchant credentials/,
    )
  })
})

describe("one approval per cart", () => {
  const previous = (data: BnplPaymentData) => [
    {
      token: data.token!,
      expires: data.expires,
      redirectCheckoutUrl: data.redirectCheckoutUrl,
      amount: data.amount,
      currency: data.currency,
      cartDigest: data.cartDigest,
    },
  ]

  it("Auth's answer lost on every try, then the shopper starts again: the new session takes the approval; one approval, no second Auth", async () => {
    const { operations } = core()
    const data = await confirmedSession(operations)
    sandbox.control.addFault({ endpoint: "auth", kind: "lost_response", times: 10 })
    await reason(operations.authorize({ data, requestId: "payses_08" }))
    sandbox.control.clearFaults()
    await operations.releaseSession({ data })

    const again = await operations.startCheckout({
      snapshot: cart,
      amountMinor: 5049n,
      currency: "gbp",
      data: {},
      previousSessions: previous(data),
    })
    expect(again.data.orderId).toBe(sandbox.control.ledger().payments[0].id)
    expect(again.data.redirectCheckoutUrl).toBe(
      `https://store.example.com/bnpl/return?cart_id=${cart.cartId}&orderToken=${encodeURIComponent(data.token!)}&status=SUCCESS`,
    )
    expect((await operations.authorize({ data: again.data, requestId: "payses_other" })).status).toBe("authorized")
    const ledger = sandbox.control.ledger()
    expect(ledger.checkouts).toHaveLength(1)
    expect(ledger.auths).toHaveLength(1)
    expect(ledger.payments.map((payment) => payment.paymentState)).toEqual(["AUTH_APPROVED"])
  })

  it("an unused checkout of an unchanged cart is reused; a changed cart gets a new one", async () => {
    const { operations } = core()
    const first = await operations.startCheckout({ snapshot: cart, amountMinor: 5049n, currency: "gbp", data: {} })
    const same = await operations.startCheckout({
      snapshot: cart,
      amountMinor: 5049n,
      currency: "gbp",
      data: {},
      previousSessions: previous(first.data),
    })
    expect(same.data.token).toBe(first.data.token)
    const changed = { ...cart, email: "someone.else@example.com" }
    const other = await operations.startCheckout({
      snapshot: changed,
      amountMinor: 5049n,
      currency: "gbp",
      data: {},
      previousSessions: previous(first.data),
    })
    expect(other.data.token).not.toBe(first.data.token)
    expect(sandbox.control.ledger().checkouts).toHaveLength(2)
  })

  it("a declined checkout is never reused: the service's List Payments shows it used, so the shopper gets a new one", async () => {
    const { operations } = core()
    const data = await confirmedSession(operations, "decline")
    expect(await reason(operations.authorize({ data, requestId: "payses_declined" }))).toBe("declined")
    const again = await operations.startCheckout({
      snapshot: cart,
      amountMinor: 5049n,
      currency: "gbp",
      data: {},
      previousSessions: previous(data),
    })
    expect(again.data.token).not.toBe(data.token)
    expect(again.data.orderId).toBeUndefined()
    // The new checkout is one the consumer can open and confirm.
    await consumerChooses(again.data.redirectCheckoutUrl!, "confirm")
    expect((await operations.authorize({ data: again.data, requestId: "payses_again" })).status).toBe("authorized")
  })

  it("a session whose consumer came back cancelled, declined or expired is not handed on, so no call asks about it", () => {
    const data: BnplPaymentData = {
      token: "tok_1",
      expires: "2099-01-01T00:00:00Z",
      redirectCheckoutUrl: "https://pay.example/1",
      amount: "50.49",
      currency: "GBP",
    }
    expect(previousSessionOf(data)?.token).toBe("tok_1")
    for (const finished of ["cancelled", "declined", "expired"] as const) expect(previousSessionOf({ ...data, finished })).toBeUndefined()
  })
})
