import { BnplClient } from "../../../src/client"
import { startSandbox, type Sandbox } from "../../../src/sandbox"
import { PaymentError, type PaymentErrorReason } from "../../../src/payments/errors"
import { PaymentOperations, type PaymentCoreOptions } from "../../../src/payments/payment-operations"
import { MemoryMoneyRecords } from "../../../src/payments/money-records"
import { previousSessionOf, type BnplPaymentData } from "../../../src/payments/session-data"
import { consumerChooses } from "../../../harness/shopper"
import { snapshot } from "./mapping/carts"

/**
 * The payments core against the in-process sandbox over real HTTP on loopback: every money
 * operation, and the faults the integration suite drives through a store, in seconds and
 * without a database. What is asserted is what the service recorded (the sandbox's ledger)
 * and what the core hands back to Medusa.
 */

jest.setTimeout(30_000)

let sandbox: Sandbox
const logs: string[] = []
const logger = {
  warn: (message: string) => logs.push(`warn ${message}`),
  error: (message: string) => logs.push(`error ${message}`),
}

beforeAll(async () => {
  sandbox = await startSandbox()
})
afterAll(() => sandbox.close())
beforeEach(() => {
  sandbox.control.reset()
  logs.length = 0
})

/** The money records every "instance" of a store shares (its database). */
function sharedStore(): MemoryMoneyRecords {
  return new MemoryMoneyRecords()
}

/** A capture as Medusa records it: its own id, the whole 50.49 unless told. */
let captureSequence = 0
function medusaCapture(amountMinor = 5049n) {
  return { id: `capt_${++captureSequence}`, amountMinor }
}

/** A one-at-a-time lock per key, as Medusa's locking module gives across instances. */
function inProcessLock() {
  const tails = new Map<string, Promise<unknown>>()
  return <T>(key: string, job: () => Promise<T>): Promise<T> => {
    const run = (tails.get(key) ?? Promise.resolve()).catch(() => undefined).then(job)
    tails.set(key, run)
    return run
  }
}

function core(overrides: Partial<PaymentCoreOptions> = {}, store = sharedStore(), withLock = inProcessLock()) {
  const client = new BnplClient({
    merchantId: "sandbox-uk-merchant",
    secretKey: "sandbox-uk-secret-key",
    baseUrl: sandbox.url,
    maxRetries: 2,
    retryDelayMs: 1,
    timeouts: { Auth: { readMs: 1_000 }, "Capture Payment": { readMs: 1_000 }, "Create Refund": { readMs: 1_000 }, "Void Payment": { readMs: 1_000 } },
  })
  const operations = new PaymentOperations({
    client,
    options: { region: "UK", capture: "manual", backendUrl: "https://store.example.com", storefrontUrl: "https://shop.example.com", ...overrides },
    readLimits: async () => (await client.getConfiguration()).configuration,
    records: store,
    withLock,
    logger,
  })
  return { operations, client }
}

const cart = snapshot({
  cartId: "cart_01JCORETEST0000000000000000",
  taxInclusive: true,
  total: "50.49",
  items: [{ name: "Canvas Tote", quantity: 1, unitPrice: "45.54", categories: [] }],
  shippingAmount: "4.95",
  taxAmount: "8.42",
  shippingAddress: { firstName: "Ada", lastName: "Lovelace", line1: "12 St James's Square", city: "London", postalCode: "SW1Y 4JH", countryCode: "gb" },
})

async function reason(promise: Promise<unknown>): Promise<PaymentErrorReason> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown
  )
  expect(error).toBeInstanceOf(PaymentError)
  return (error as PaymentError).reason
}

/** A checkout made and confirmed by the consumer on the sandbox's screen. */
async function confirmedSession(operations: PaymentOperations, choice: "confirm" | "decline" = "confirm") {
  const started = await operations.startCheckout({ snapshot: cart, amountMinor: 5049n, currency: "gbp", data: {} })
  await consumerChooses(started.data.redirectCheckoutUrl!, choice)
  return started.data
}

async function authorized(operations: PaymentOperations): Promise<BnplPaymentData> {
  const { data, status } = await operations.authorize({ data: await confirmedSession(operations), requestId: `payses_${Math.random()}` })
  expect(status).toBe("authorized")
  return data
}

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
    const error = await operations.startCheckout({ snapshot: cart, amountMinor: 5049n, currency: "gbp", data: {} }).catch((thrown) => thrown)
    expect(error).toMatchObject({ reason: "unavailable" })
    expect(error.message).not.toMatch(/credential|merchantId|secret/i)
    expect(logs.join("\n")).toMatch(/error medusa-payment-bnpl: Starting the pay later checkout failed: the payment service refused the merchant credentials/)
  })
})

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
    expect(await reason(operations.authorize({ data: await confirmedSession(operations, "decline"), requestId: "payses_02" }))).toBe("declined")
    const unconfirmed = await operations.startCheckout({ snapshot: cart, amountMinor: 5049n, currency: "gbp", data: {} })
    expect((await operations.authorize({ data: unconfirmed.data, requestId: "payses_03" })).status).toBe("requires_more")
    expect(sandbox.control.ledger().auths.filter((auth) => auth.status === "APPROVED")).toHaveLength(0)
  })

  it.each(["lost_response", "reset", "status"] as const)("Auth meets `%s` once: retried with the same requestId, one approval", async (kind) => {
    const { operations } = core()
    const data = await confirmedSession(operations)
    sandbox.control.addFault({ endpoint: "auth", kind, times: 1 })
    expect((await operations.authorize({ data, requestId: "payses_04" })).status).toBe("authorized")
    expect(sandbox.control.ledger().auths).toHaveLength(1)
  })

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

describe("capture", () => {
  it.each([undefined, "lost_response", "reset", "status", "conflict"] as const)("captures what is open once (fault: %s)", async (kind) => {
    const { operations } = core()
    const data = await authorized(operations)
    if (kind) sandbox.control.addFault({ endpoint: "capture", kind, times: 1 })
    const captured = await operations.capture({ data, capture: medusaCapture() })
    expect(captured).toMatchObject({ paymentState: "CAPTURED", capturedAmount: "50.49" })
    expect(sandbox.control.ledger().captures).toHaveLength(1)
  })

  it("answers lost on every try, then the admin presses Capture again: still one capture", async () => {
    const { operations } = core()
    const data = await authorized(operations)
    sandbox.control.addFault({ endpoint: "capture", kind: "lost_response", times: 10 })
    expect(await reason(operations.capture({ data, capture: medusaCapture() }))).toBe("service_unanswered")
    sandbox.control.clearFaults()
    await operations.capture({ data, capture: medusaCapture() })
    expect(sandbox.control.ledger().captures).toHaveLength(1)
  })

  it("past the 13 days: authorization_expired without asking the service; after a void: payment_voided, logged", async () => {
    const { operations } = core()
    const data = await authorized(operations)
    expect(await reason(operations.capture({ data: { ...data, authorizationExpiresAt: new Date(Date.now() - 1000).toISOString() }, capture: medusaCapture() }))).toBe(
      "authorization_expired"
    )
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
    expect(await reason(operations.refund({ data: await authorized(operations), amountMinor: 100n, refundId: "ref_04" }))).toBe("not_allowed")
    expect(sandbox.control.ledger().refunds).toHaveLength(0)
  })

  it.each(["lost_response", "reset", "status"] as const)("a refund meeting `%s` once is made once", async (kind) => {
    const { operations } = core()
    const data = await captured(operations)
    sandbox.control.addFault({ endpoint: "refund", kind, times: 1 })
    await operations.refund({ data, amountMinor: 1000n, refundId: "ref_05" })
    expect(sandbox.control.ledger().refunds).toHaveLength(1)
  })

  it("answers lost on every try, then the admin refunds the same amount under a new refund id (another instance): one refund", async () => {
    const store = sharedStore()
    const first = core({}, store)
    const data = await captured(first.operations)
    sandbox.control.addFault({ endpoint: "refund", kind: "lost_response", times: 10 })
    expect(await reason(first.operations.refund({ data, amountMinor: 1500n, refundId: "ref_06" }))).toBe("service_unanswered")
    sandbox.control.clearFaults()
    const second = core({}, store)
    await second.operations.refund({ data, amountMinor: 1500n, refundId: "ref_07" })
    expect(sandbox.control.ledger().refunds).toHaveLength(1)
  })

  it("answers lost on every try, then a retry of another amount: the service refunds no more than the admin's last request", async () => {
    const { operations } = core()
    const data = await captured(operations)
    sandbox.control.addFault({ endpoint: "refund", kind: "lost_response", times: 10 })
    expect(await reason(operations.refund({ data, amountMinor: 1000n, refundId: "ref_08" }))).toBe("service_unanswered")
    sandbox.control.clearFaults()
    const after = await operations.refund({ data, amountMinor: 2500n, refundId: "ref_09" })
    expect(after.refundedAmount).toBe("25.00")
    const total = sandbox.control.ledger().refunds.reduce((sum, refund) => sum + Number(refund.amount.amount) * 100, 0)
    expect(total).toBe(2500)
  })

  it("answers lost on every try, then a smaller retry: refused naming what was refunded; refunding that then sends nothing more", async () => {
    const { operations } = core()
    const data = await captured(operations)
    sandbox.control.addFault({ endpoint: "refund", kind: "lost_response", times: 10 })
    expect(await reason(operations.refund({ data, amountMinor: 1000n, refundId: "ref_12" }))).toBe("service_unanswered")
    sandbox.control.clearFaults()
    await expect(operations.refund({ data, amountMinor: 400n, refundId: "ref_13" })).rejects.toThrow(/10\.00/)
    const after = await operations.refund({ data, amountMinor: 1000n, refundId: "ref_14" })
    expect(after.refundedAmount).toBe("10.00")
    expect(sandbox.control.ledger().refunds.map((refund) => refund.amount.amount)).toEqual(["10.00"])
  })

  it("a refund a dead process left sending, whose resend's answer is lost too: still Medusa's, so the next refund is sent in full", async () => {
    const store = sharedStore()
    const { operations } = core({}, store)
    const data = await captured(operations)
    // A process died after recording refund ref_20 (Medusa committed it) and before sending it.
    await store.begin({ serviceOrderId: data.orderId!, kind: "refund", medusaRecordId: "ref_20", requestId: "ref_20", amount: "25.00", currency: "GBP" })
    // The next refund resends it first; every answer of the resend is lost, so this refund fails (Medusa deletes ref_21).
    sandbox.control.addFault({ endpoint: "refund", kind: "lost_response", times: 10 })
    await expect(operations.refund({ data, amountMinor: 3000n, refundId: "ref_21" })).rejects.toThrow()
    sandbox.control.clearFaults()
    // Medusa records ref_20 (25.00) and now ref_22 (3.00): the service must refund both, in full.
    const after = await operations.refund({ data, amountMinor: 300n, refundId: "ref_22" })
    expect(sandbox.control.ledger().refunds.map((refund) => refund.amount.amount)).toEqual(["25.00", "3.00"])
    expect(after.refundedAmount).toBe("28.00")
  })

  it("a lost refund that was never applied is not counted: the retry refunds in full", async () => {
    const { operations } = core()
    const data = await captured(operations)
    sandbox.control.addFault({ endpoint: "refund", kind: "reset", times: 10 })
    expect(await reason(operations.refund({ data, amountMinor: 1000n, refundId: "ref_10" }))).toBe("service_unanswered")
    sandbox.control.clearFaults()
    await operations.refund({ data, amountMinor: 700n, refundId: "ref_11" })
    expect(sandbox.control.ledger().refunds.map((refund) => refund.amount.amount)).toEqual(["7.00"])
  })
})

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

describe("one approval per cart", () => {
  const previous = (data: BnplPaymentData) => [
    { token: data.token!, expires: data.expires, redirectCheckoutUrl: data.redirectCheckoutUrl, amount: data.amount, currency: data.currency, cartDigest: data.cartDigest },
  ]

  it("Auth's answer lost on every try, then the shopper starts again: the new session takes the approval; one approval, no second Auth", async () => {
    const { operations } = core()
    const data = await confirmedSession(operations)
    sandbox.control.addFault({ endpoint: "auth", kind: "lost_response", times: 10 })
    await reason(operations.authorize({ data, requestId: "payses_08" }))
    sandbox.control.clearFaults()
    await operations.releaseSession({ data })

    const again = await operations.startCheckout({ snapshot: cart, amountMinor: 5049n, currency: "gbp", data: {}, previousSessions: previous(data) })
    expect(again.data.orderId).toBe(sandbox.control.ledger().payments[0].id)
    expect(again.data.redirectCheckoutUrl).toBe(
      `https://store.example.com/bnpl/return?cart_id=${cart.cartId}&orderToken=${encodeURIComponent(data.token!)}&status=SUCCESS`
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
    const same = await operations.startCheckout({ snapshot: cart, amountMinor: 5049n, currency: "gbp", data: {}, previousSessions: previous(first.data) })
    expect(same.data.token).toBe(first.data.token)
    const changed = { ...cart, email: "someone.else@example.com" }
    const other = await operations.startCheckout({ snapshot: changed, amountMinor: 5049n, currency: "gbp", data: {}, previousSessions: previous(first.data) })
    expect(other.data.token).not.toBe(first.data.token)
    expect(sandbox.control.ledger().checkouts).toHaveLength(2)
  })

  it("a declined checkout is never reused: the service's List Payments shows it used, so the shopper gets a new one", async () => {
    const { operations } = core()
    const data = await confirmedSession(operations, "decline")
    expect(await reason(operations.authorize({ data, requestId: "payses_declined" }))).toBe("declined")
    const again = await operations.startCheckout({ snapshot: cart, amountMinor: 5049n, currency: "gbp", data: {}, previousSessions: previous(data) })
    expect(again.data.token).not.toBe(data.token)
    expect(again.data.orderId).toBeUndefined()
    // The new checkout is one the consumer can open and confirm.
    await consumerChooses(again.data.redirectCheckoutUrl!, "confirm")
    expect((await operations.authorize({ data: again.data, requestId: "payses_again" })).status).toBe("authorized")
  })

  it("a session whose consumer came back cancelled, declined or expired is not handed on, so no call asks about it", () => {
    const data: BnplPaymentData = { token: "tok_1", expires: "2099-01-01T00:00:00Z", redirectCheckoutUrl: "https://pay.example/1", amount: "50.49", currency: "GBP" }
    expect(previousSessionOf(data)?.token).toBe("tok_1")
    for (const finished of ["cancelled", "declined", "expired"] as const) expect(previousSessionOf({ ...data, finished })).toBeUndefined()
  })
})

describe("status", () => {
  it("status follows the service: pending checkout, authorized, captured, canceled", async () => {
    const { operations } = core()
    const started = await operations.startCheckout({ snapshot: cart, amountMinor: 5049n, currency: "gbp", data: {} })
    expect((await operations.status({ data: started.data })).status).toBe("pending")
    const data = await authorized(operations)
    expect((await operations.status({ data })).status).toBe("authorized")
    await operations.capture({ data, capture: medusaCapture() })
    expect((await operations.status({ data })).status).toBe("captured")
    const other = await authorized(operations)
    await operations.cancel({ data: other, idempotencyKey: "pay_07" })
    expect((await operations.status({ data: other })).status).toBe("canceled")
  })
})

describe("money records across a crash and an upgrade", () => {
  async function capturedWith(store: MemoryMoneyRecords) {
    const { operations } = core({}, store)
    return operations.capture({ data: await authorized(operations), capture: medusaCapture() })
  }

  it("a refund a dead process left `sending` and the service never got is sent again before the next one: both refunded, as Medusa records", async () => {
    const store = sharedStore()
    const data = await capturedWith(store)
    // The process wrote its record and died before the call went out; Medusa kept its refund of 30.00.
    await store.begin({ serviceOrderId: data.orderId!, kind: "refund", medusaRecordId: "ref_dead", requestId: "ref_dead", amount: "30.00", currency: "GBP" })
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
    const record = await store.begin({ serviceOrderId: data.orderId!, kind: "refund", medusaRecordId: "ref_mid", requestId: "ref_mid", amount: "30.00", currency: "GBP" })
    await first.client.createRefund(data.orderId!, { amount: { amount: "30.00", currency: "GBP" }, requestId: "ref_mid", merchantReference: "ref_mid" })
    expect((await store.forOrder(data.orderId!)).find((entry) => entry.id === record.id)?.state).toBe("sending")

    const after = await core({}, store).operations.refund({ data, amountMinor: 1000n, refundId: "ref_later" })
    expect(sandbox.control.ledger().refunds.map((refund) => refund.amount.amount)).toEqual(["30.00", "10.00"])
    expect(after.refundedAmount).toBe("40.00")
  })

  it("an earlier version's unanswered refund (read from its cache journal) that the service applied counts towards the next refund", async () => {
    const store = sharedStore()
    const data = await capturedWith(store)
    const { client } = core({}, store)
    await client.createRefund(data.orderId!, { amount: { amount: "30.00", currency: "GBP" }, requestId: "ref_old_version", merchantReference: "ref_old_version" })
    let legacy = [{ requestId: "ref_old_version", amount: "30.00" }]
    const operations = new PaymentOperations({
      client,
      options: { region: "UK", capture: "manual", backendUrl: "https://store.example.com" },
      readLimits: async () => (await client.getConfiguration()).configuration,
      records: store,
      takeLegacyRefunds: async () => {
        const taken = legacy
        legacy = []
        return taken
      },
      withLock: inProcessLock(),
      logger,
    })
    const after = await operations.refund({ data, amountMinor: 4000n, refundId: "ref_after_upgrade" })
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
    await Promise.all([operations.capture({ data, capture: medusaCapture(1000n) }), operations.capture({ data, capture: medusaCapture(3000n) })])
    expect(sandbox.control.ledger().captures.map((capture) => capture.amount.amount).sort()).toEqual(["10.00", "30.00"])
  })
})

describe("a service payment that is not the session's (issue 34: a reset service gives order ids out again)", () => {
  /** This payment's data, pointing at the service order another checkout made. */
  async function pointingAtAnother(operations: PaymentOperations) {
    const own = await authorized(operations)
    const other = await authorized(operations)
    return { data: { ...own, orderId: other.orderId }, other }
  }

  it("capture, refund and void are refused with payment_mismatch naming both checkouts; nothing moves at the service", async () => {
    const { operations } = core()
    const { data, other } = await pointingAtAnother(operations)
    const captured = await operations.capture({ data: other, capture: medusaCapture(1000n) })
    const ledgerBefore = sandbox.control.ledger()

    const refused = await operations.capture({ data, capture: medusaCapture() }).catch((error: PaymentError) => error)
    expect(refused).toMatchObject({ reason: "payment_mismatch", kind: "not_allowed" })
    expect(refused.message).toContain(`service order ${other.orderId} is not this payment's`)
    expect(refused.message).toContain(`checkout ${other.token}`)
    expect(refused.message).toContain(`this payment's checkout is ${data.token}`)
    expect(await reason(operations.refund({ data: { ...data, capturedAmount: "50.49" }, amountMinor: 100n, refundId: "ref_mismatch" }))).toBe("payment_mismatch")
    expect(await reason(operations.cancel({ data, idempotencyKey: "pay_mismatch" }))).toBe("payment_mismatch")

    const ledger = sandbox.control.ledger()
    expect([ledger.captures.length, ledger.refunds.length, ledger.voids.length]).toEqual([ledgerBefore.captures.length, 0, 0])
    expect(ledger.payments.find((payment) => payment.id === other.orderId)?.paymentState).toBe(captured.paymentState)
  })

  it("status and refresh refuse it rather than merge another checkout's state into the data", async () => {
    const { operations } = core()
    const { data } = await pointingAtAnother(operations)
    expect(await reason(operations.status({ data }))).toBe("payment_mismatch")
    expect(await reason(operations.refresh({ data }))).toBe("payment_mismatch")
  })

  it("another merchant account's payment is refused with the same reason, before the service is asked", async () => {
    const { operations } = core({ merchantId: "sandbox-uk-merchant" })
    const data = { ...(await authorized(operations)), merchantId: "another-merchant" }
    const capturesBefore = sandbox.control.ledger().captures.length
    const refused = await operations.capture({ data, capture: medusaCapture() }).catch((error: PaymentError) => error)
    expect(refused).toMatchObject({ reason: "payment_mismatch" })
    expect(refused.message).toMatch(/made with merchant account another-merchant, not with sandbox-uk-merchant/)
    expect(sandbox.control.ledger().captures).toHaveLength(capturesBefore)
  })
})
