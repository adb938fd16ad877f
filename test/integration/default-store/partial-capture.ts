import { adminHeaders } from "../../support/admin"
import { placeOrder, readPayment } from "../../support/place-order"
import type { StoreSuite } from "../../support/store-suite"
import type { SeededStore } from "../../support/seed-store"

/** Issue "Money exactly as Medusa records it": what the admin captures is what the service captures. */
export default function partialCaptureTests(suite: StoreSuite): void {
  const { api, getContainer, control } = suite
  let store: SeededStore
  beforeEach(() => {
    store = suite.store
  })

  const capturedAtService = async (serviceOrderId: string) =>
    (await control.ledger()).captures
      .filter((capture) => capture.orderId === serviceOrderId)
      .reduce((sum, capture) => sum + Math.round(Number(capture.amount.amount) * 100), 0) / 100

  it("a partial capture of 20.00 captures 20.00 at the service; the rest captures the rest; refunds work up to what was captured", async () => {
    const order = await placeOrder(api, getContainer(), store)
    const admin = await adminHeaders(getContainer())

    const partial = await api.post(`/admin/payments/${order.paymentId}/capture`, { amount: 20 }, admin)
    expect(partial.status).toBe(200)
    expect(await capturedAtService(order.serviceOrderId)).toBe(20)
    let payment = await readPayment(getContainer(), order.paymentId)
    expect(payment.captures.map((capture: { amount: number }) => Number(capture.amount))).toEqual([20])
    expect(payment.data).toMatchObject({ capturedAmount: "20.00", paymentState: "PARTIALLY_CAPTURED" })

    const over = await api.post(`/admin/payments/${order.paymentId}/refund`, { amount: 20.01 }, { ...admin, validateStatus: () => true })
    expect(over.status).toBe(400)
    const refund = await api.post(`/admin/payments/${order.paymentId}/refund`, { amount: 5 }, admin)
    expect(refund.status).toBe(200)

    const rest = Number((order.total - 20).toFixed(2))
    await api.post(`/admin/payments/${order.paymentId}/capture`, { amount: rest }, admin)
    expect(await capturedAtService(order.serviceOrderId)).toBe(order.total)
    payment = await readPayment(getContainer(), order.paymentId)
    expect(payment.data).toMatchObject({ capturedAmount: order.total.toFixed(2), paymentState: "CAPTURED" })
    expect(payment.captured_at).not.toBeNull()

    const ledger = await control.ledger()
    expect(ledger.refunds.map((entry) => entry.amount.amount)).toEqual(["5.00"])
  })
}
