import { repairCanceledOrders } from "../../../src/operations/canceled-order-repair"
import { eventually, placeOrder, readPayment } from "../../support/place-order"
import type { StoreSuite } from "../../support/store-suite"
import type { SeededStore } from "../../support/seed-store"

/**
 * The repair job's settling of canceled orders (src/operations/canceled-order-repair.ts):
 * what the `order.canceled` subscriber could not do (its void or refund met a fault) is done
 * by one run of the repair, and Medusa records it.
 */
export default function canceledOrderRepairTests(suite: StoreSuite): void {
  const { api, getContainer, control } = suite
  let store: SeededStore, admin: { headers: Record<string, string> }
  beforeEach(() => ({ store, admin } = suite))

  const inTwoMinutes = () => new Date(Date.now() + 2 * 60_000)
  const servicePayment = async () => (await control.ledger()).payments[0]
  /** Waits until the faults on `endpoint` are used up to `remaining` or fewer, then for the subscriber to finish. */
  const faultsUsed = async (endpoint: string, remaining: number) => {
    await eventually(
      async () => ((await control.faults()).find((fault) => fault.endpoint === endpoint)?.remaining ?? 0) <= remaining,
      60_000,
    )
    await new Promise((resolve) => setTimeout(resolve, 3_000))
    await control.clearFaults()
  }

  it("a cancel whose void met broken answers leaves nothing open at the service after one run of the repair", async () => {
    const order = await placeOrder(api, getContainer(), store)
    expect((await api.post(`/admin/payments/${order.paymentId}/capture`, { amount: 20 }, admin)).status).toBe(200)
    await control.fault({ endpoint: "void", kind: "malformed", times: 20 })
    expect((await api.post(`/admin/orders/${order.orderId}/cancel`, {}, admin)).status).toBe(200)
    await faultsUsed("void", 19)

    // The subscriber refunded the capture (Medusa's cancel did) but could not void the rest.
    expect((await servicePayment()).openToCaptureAmount.amount).toBe((order.total - 20).toFixed(2))
    expect((await control.ledger()).voids).toHaveLength(0)
    expect((await readPayment(getContainer(), order.paymentId)).canceled_at).toBeNull()

    const report = await repairCanceledOrders(getContainer(), { now: inTwoMinutes() })
    expect(report.settled.map((settled) => settled.paymentId)).toEqual([order.paymentId])
    expect((await servicePayment()).openToCaptureAmount.amount).toBe("0.00")
    expect((await control.ledger()).voids).toHaveLength(1)
    const payment = await readPayment(getContainer(), order.paymentId)
    expect(payment.canceled_at).not.toBeNull()
    expect(payment.refunds.map((refund: { amount: number }) => Number(refund.amount))).toEqual([20])

    // Settled: the next run has nothing to do.
    const again = await repairCanceledOrders(getContainer(), { now: inTwoMinutes() })
    expect(again.settled).toHaveLength(0)
    expect(again.failed).toHaveLength(0)
    expect((await control.ledger()).voids).toHaveLength(1)
  })

  it("a cancel whose refund got no usable answer: Medusa keeps the refund, and one run of the repair refunds it and voids the rest, once", async () => {
    const order = await placeOrder(api, getContainer(), store)
    expect((await api.post(`/admin/payments/${order.paymentId}/capture`, { amount: 30 }, admin)).status).toBe(200)
    await control.fault({ endpoint: "refund", kind: "status", status: 500, times: 40 })
    expect((await api.post(`/admin/orders/${order.orderId}/cancel`, {}, admin)).status).toBe(200)
    // The service may have applied it, so Medusa keeps its refund; the void waits for the refund to be settled.
    await eventually(async () => ((await readPayment(getContainer(), order.paymentId)).refunds ?? []).length === 1, 60_000)
    expect((await control.ledger()).refunds).toHaveLength(0)
    await control.clearFaults()

    const report = await repairCanceledOrders(getContainer(), { now: inTwoMinutes() })
    expect(report.failed).toHaveLength(0)
    expect(report.settled).toEqual([expect.objectContaining({ paymentId: order.paymentId })])
    const ledger = await control.ledger()
    expect(ledger.refunds.map((refund) => refund.amount.amount)).toEqual(["30.00"])
    expect(ledger.payments[0].openToCaptureAmount.amount).toBe("0.00")
    const payment = await readPayment(getContainer(), order.paymentId)
    expect(payment.refunds.map((refund: { amount: number }) => Number(refund.amount))).toEqual([30])

    const again = await repairCanceledOrders(getContainer(), { now: inTwoMinutes() })
    expect(again.settled).toHaveLength(0)
    expect((await control.ledger()).refunds).toHaveLength(1)
  })

  it("an order canceled less than a minute ago is left to the subscriber", async () => {
    const order = await placeOrder(api, getContainer(), store)
    await control.fault({ endpoint: "void", kind: "malformed", times: 20 })
    expect((await api.post(`/admin/orders/${order.orderId}/cancel`, {}, admin)).status).toBe(200)
    await faultsUsed("void", 19)
    const report = await repairCanceledOrders(getContainer())
    expect(report.settled).toHaveLength(0)
    expect((await control.ledger()).voids).toHaveLength(0)
  })
}
