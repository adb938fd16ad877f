import type { PaymentOperations } from "../../../src/payments/payment-operations"
import type { PaymentError } from "../../../src/payments/errors"
import { MemoryPaymentIdentities } from "../../../src/payments/payment-identity"
import { sandbox, medusaCapture, core, reason, authorized, useSandboxCore, sharedStore, inProcessLock } from "./core-harness"

useSandboxCore()

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
    expect(
      await reason(operations.refund({ data: { ...data, capturedAmount: "50.49" }, amountMinor: 100n, refundId: "ref_mismatch" })),
    ).toBe("payment_mismatch")
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

  /** The requests the service received since `before` (the sandbox's counts), by endpoint. */
  function sentSince(before: Record<string, number>): Record<string, number> {
    const now = sandbox.control.ledger().requests
    return Object.fromEntries(
      Object.entries(now)
        .filter(([endpoint, n]) => n !== (before[endpoint] ?? 0))
        .map(([endpoint, n]) => [endpoint, n - (before[endpoint] ?? 0)]),
    )
  }

  it("capture, refund and void each make one call: the identity recorded at approval is checked, no Get Payment (issue 49)", async () => {
    const { operations } = core()
    const data = await authorized(operations)
    let before = { ...sandbox.control.ledger().requests }
    const captured = await operations.capture({ data, capture: medusaCapture(1000n) })
    expect(sentSince(before)).toEqual({ capture: 1 })
    before = { ...sandbox.control.ledger().requests }
    await operations.refund({ data: captured, amountMinor: 500n, refundId: "ref_one_trip" })
    expect(sentSince(before)).toEqual({ refund: 1 })
    before = { ...sandbox.control.ledger().requests }
    await operations.cancel({ data: await authorized(operations), idempotencyKey: "pay_one_trip" })
    expect(sentSince(before)).toMatchObject({ void: 1 })
    expect(sentSince(before).getPayment).toBeUndefined()
  })

  it("a reset service: the new approval of a given-out-again id is recorded, and the old payment's capture, refund and void are refused with no call sent", async () => {
    const { operations } = core()
    const old = await authorized(operations)
    const oldCaptured = await operations.capture({ data: old, capture: medusaCapture(1000n) })
    const other = await authorized(operations)
    // The service starts empty and gives the same ids out to new checkouts.
    sandbox.control.reset()
    const reissued = await authorized(operations)
    const reissuedToo = await authorized(operations)
    expect([reissued.orderId, reissuedToo.orderId]).toEqual([old.orderId, other.orderId])
    const before = { ...sandbox.control.ledger().requests }

    expect(await reason(operations.capture({ data: other, capture: medusaCapture() }))).toBe("payment_mismatch")
    expect(await reason(operations.refund({ data: oldCaptured, amountMinor: 100n, refundId: "ref_reset" }))).toBe("payment_mismatch")
    expect(await reason(operations.cancel({ data: other, idempotencyKey: "pay_reset" }))).toBe("payment_mismatch")
    expect(await reason(operations.assertServicePayment(other))).toBe("payment_mismatch")
    expect(sentSince(before)).toEqual({})
    const ledger = sandbox.control.ledger()
    expect([ledger.captures.length, ledger.refunds.length, ledger.voids.length]).toEqual([0, 0, 0])
    expect(ledger.payments.map((payment) => payment.paymentState)).toEqual(["AUTH_APPROVED", "AUTH_APPROVED"])
  })

  it("a restored database: with no identity record of the payment, Get Payment is read first and another checkout's order is refused, nothing moved", async () => {
    const money = sharedStore()
    const { operations } = core({}, money)
    const old = await authorized(operations)
    sandbox.control.reset()
    const reissued = await authorized(operations)
    expect(reissued.orderId).toBe(old.orderId)
    // The store's database restored from a backup taken before the identities were recorded
    // (or before this upgrade): the same money records, no identity of either order.
    const { operations: restored } = core({}, money, inProcessLock(), { identities: new MemoryPaymentIdentities() })
    const before = { ...sandbox.control.ledger().requests }
    expect(await reason(restored.capture({ data: old, capture: medusaCapture() }))).toBe("payment_mismatch")
    expect(await reason(restored.refund({ data: { ...old, capturedAmount: "50.49" }, amountMinor: 100n, refundId: "ref_restored" }))).toBe(
      "payment_mismatch",
    )
    expect(await reason(restored.cancel({ data: old, idempotencyKey: "pay_restored" }))).toBe("payment_mismatch")
    expect(sentSince(before)).toEqual({ getPayment: 3 })
    const ledger = sandbox.control.ledger()
    expect([ledger.captures.length, ledger.refunds.length, ledger.voids.length]).toEqual([0, 0, 0])
    // The order's own payment, read once, is recorded: its capture then makes one call.
    const readsBefore = sandbox.control.ledger().requests.getPayment ?? 0
    await restored.capture({ data: reissued, capture: medusaCapture(1000n) })
    await restored.capture({ data: reissued, capture: medusaCapture(1000n) })
    expect((sandbox.control.ledger().requests.getPayment ?? 0) - readsBefore).toBe(1)
  })
})
