import { placeOrder, readPayment, type PlacedOrder } from "../../support/place-order"
import type { SeededStore } from "../../support/seed-store"
import type { StoreSuite } from "../../support/store-suite"

/**
 * Issue "Money exactly as Medusa records it", and the chaos soak's seed 112528: a refund whose
 * every answer was lost (the client's retries and resends included), or that the service
 * never applied. What the admin sees (Medusa's refunds) must be what the service refunded,
 * without anyone pressing anything again.
 */
export default function refundLostAnswersTests(suite: StoreSuite): void {
  const { api, getContainer, control } = suite
  let store: SeededStore
  let admin: { headers: Record<string, string> }
  beforeEach(() => {
    ;({ store, admin } = suite)
  })

  const refundedAtService = async (serviceOrderId: string) =>
    (await control.ledger()).refunds
      .filter((refund) => refund.orderId === serviceOrderId)
      .reduce((sum, refund) => sum + Math.round(Number(refund.amount.amount) * 100), 0) / 100

  const refundedInMedusa = async (paymentId: string) =>
    ((await readPayment(getContainer(), paymentId)).refunds as Array<{ amount: number }>).reduce(
      (sum, refund) => sum + Math.round(Number(refund.amount) * 100),
      0,
    ) / 100

  const refund = (paymentId: string, amount: number) =>
    api.post(`/admin/payments/${paymentId}/refund`, { amount }, { ...admin, validateStatus: () => true })

  /** A captured order, then a refund of `amount` applied at the service with every answer lost. */
  async function refundWithEveryAnswerLost(amount: number): Promise<PlacedOrder> {
    const order = await placeOrder(api, getContainer(), store)
    expect((await api.post(`/admin/payments/${order.paymentId}/capture`, {}, admin)).status).toBe(200)

    // Applied at the service, answer dropped: on the first try, the client's retries and resends.
    await control.fault({ endpoint: "refund", kind: "lost_response", times: 20 })
    const lost = await refund(order.paymentId, amount)
    // The outcome is unknown, so Medusa keeps its refund: failing it would hide money the service moved.
    expect(lost.status).toBe(200)
    await control.clearFaults()

    expect(await refundedAtService(order.serviceOrderId)).toBe(amount)
    expect(await refundedInMedusa(order.paymentId)).toBe(amount)
    return order
  }

  it("a refund whose every answer was lost: the admin sees it refunded, the service refunded it once; a later refund of another amount is its own", async () => {
    const order = await refundWithEveryAnswerLost(30)

    expect((await refund(order.paymentId, 10)).status).toBe(200)
    const ledger = await control.ledger()
    expect(ledger.refunds.map((entry) => entry.amount.amount)).toEqual(["30.00", "10.00"])
    expect(await refundedAtService(order.serviceOrderId)).toBe(40)
    expect(await refundedInMedusa(order.paymentId)).toBe(40)
    expect((await readPayment(getContainer(), order.paymentId)).data).toMatchObject({ refundedAmount: "40.00" })
  })

  it("a refund never applied (every try a 5xx): Medusa keeps it, and the next refund sends it first with its own requestId, once", async () => {
    const order = await placeOrder(api, getContainer(), store)
    expect((await api.post(`/admin/payments/${order.paymentId}/capture`, {}, admin)).status).toBe(200)
    await control.fault({ endpoint: "refund", kind: "status", times: 20 })
    expect((await refund(order.paymentId, 30)).status).toBe(200)
    await control.clearFaults()
    expect(await refundedAtService(order.serviceOrderId)).toBe(0)
    expect(await refundedInMedusa(order.paymentId)).toBe(30)

    expect((await refund(order.paymentId, 5)).status).toBe(200)
    expect((await control.ledger()).refunds.map((entry) => entry.amount.amount)).toEqual(["30.00", "5.00"])
    expect(await refundedAtService(order.serviceOrderId)).toBe(35)
    expect(await refundedInMedusa(order.paymentId)).toBe(35)
  })
}
