import { apiAmountToMinorUnits } from "../../../src/client/money"
import { authorized, core, medusaCapture, reason, sandbox, useSandboxCore } from "./core-harness"

useSandboxCore()

/**
 * An approval kept across an order change for a lower total (docs/service-api.md "Void
 * Payment" with `amount`; operations/order-changes): only the difference is voided, once.
 */
describe("narrowing an approval", () => {
  it("voids only the difference, once whoever retries, and the rest stays open to capture", async () => {
    const { operations } = core()
    const data = await authorized(operations)
    const approved = apiAmountToMinorUnits(data.amount!)
    const kept = approved - 1000n
    const narrowed = await operations.narrowApproval({ data, keepMinor: kept, carriedApprovalId: "bnplcarr_1" })
    await operations.narrowApproval({ data, keepMinor: kept, carriedApprovalId: "bnplcarr_1" })
    expect(narrowed.amount).toBe((Number(kept) / 100).toFixed(2))
    expect(sandbox.control.ledger().voids.map((entry) => entry.amount.amount)).toEqual(["10.00"])
    const payment = sandbox.control.ledger().payments.find((entry) => entry.id === data.orderId)!
    expect(payment.openToCaptureAmount?.amount).toBe(narrowed.amount)
    expect(payment.paymentState).toBe("AUTH_APPROVED")
  })

  it("refuses an approval the service shows captured (through the payment the order change cancelled): nothing voided", async () => {
    const { operations } = core()
    const data = await authorized(operations)
    await operations.capture({ data, capture: medusaCapture(1000n) })
    expect(await reason(operations.narrowApproval({ data, keepMinor: 500n, carriedApprovalId: "bnplcarr_2" }))).toBe("not_allowed")
    expect(sandbox.control.ledger().voids).toHaveLength(0)
  })
})
