import { PaymentOperations } from "../../../src/payments/payment-operations"
import { PaymentError } from "../../../src/payments/errors"
import { sandbox, medusaCapture, core, reason, authorized, useSandboxCore } from "./core-harness"

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
