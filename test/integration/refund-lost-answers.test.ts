import { placeOrder, readPayment, type PlacedOrder } from "../support/place-order"
import type { SeededStore } from "../support/seed-store"
import { describeStore } from "../support/store-suite"

jest.setTimeout(180_000)

/**
 * Issue "Money exactly as Medusa records it": a refund the service applied but whose every
 * answer was lost (the client's retries and resends included), then a refund of another
 * amount from the admin. The service must never refund more than the admin's last request,
 * and what the admin sees (Medusa's refunds) must be what the service refunded.
 */
describeStore({}, (suite) => {
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
    ((await readPayment(getContainer(), paymentId)).refunds as Array<{ amount: number }>)
      .reduce((sum, refund) => sum + Math.round(Number(refund.amount) * 100), 0) / 100

  const refund = (paymentId: string, amount: number) =>
    api.post(`/admin/payments/${paymentId}/refund`, { amount }, { ...admin, validateStatus: () => true })

  /** A captured order, then a refund of `amount` applied at the service with every answer lost. */
  async function refundWithEveryAnswerLost(amount: number): Promise<PlacedOrder> {
    const order = await placeOrder(api, getContainer(), store)
    expect((await api.post(`/admin/payments/${order.paymentId}/capture`, {}, admin)).status).toBe(200)

    // Applied at the service, answer dropped: on the first try, the client's retries and resends.
    await control.fault({ endpoint: "refund", kind: "lost_response", times: 20 })
    const lost = await refund(order.paymentId, amount)
    expect(lost.status).toBeGreaterThanOrEqual(400)
    await control.clearFaults()

    expect(await refundedAtService(order.serviceOrderId)).toBe(amount)
    // Medusa dropped the refund when the provider failed: the admin sees none.
    expect(await refundedInMedusa(order.paymentId)).toBe(0)
    return order
  }

  it("a retry of a larger amount refunds only the difference: the service's total is the admin's last request", async () => {
    const order = await refundWithEveryAnswerLost(30)

    const retry = await refund(order.paymentId, 40)
    expect(retry.status).toBe(200)

    const ledger = await control.ledger()
    expect(ledger.refunds.map((entry) => entry.amount.amount)).toEqual(["30.00", "10.00"])
    expect(await refundedAtService(order.serviceOrderId)).toBe(40)
    expect(await refundedInMedusa(order.paymentId)).toBe(40)
    expect((await readPayment(getContainer(), order.paymentId)).data).toMatchObject({ refundedAmount: "40.00" })

    // Later refunds start from there, with nothing left over from the lost attempt.
    expect((await refund(order.paymentId, 5)).status).toBe(200)
    expect(await refundedAtService(order.serviceOrderId)).toBe(45)
    expect(await refundedInMedusa(order.paymentId)).toBe(45)
  })

  /** Refunding the 30 already refunded again: 200, the service refunded once, Medusa records 30. */
  async function expectRetryOf30RecordedOnce(order: { paymentId: string; serviceOrderId: string }) {
    expect((await refund(order.paymentId, 30)).status).toBe(200)
    expect((await control.ledger()).refunds).toHaveLength(1)
    expect(await refundedAtService(order.serviceOrderId)).toBe(30)
    expect(await refundedInMedusa(order.paymentId)).toBe(30)
  }

  it("a retry of the same amount sends nothing new and records the refund the service made", async () => {
    const order = await refundWithEveryAnswerLost(30)

    await expectRetryOf30RecordedOnce(order)
  })

  it("a retry of a smaller amount is refused with the amount already refunded; refunding that amount then records it without refunding again", async () => {
    const order = await refundWithEveryAnswerLost(30)

    const smaller = await refund(order.paymentId, 20)
    expect(smaller.status).toBe(400)
    expect(smaller.data.message).toContain("30.00")
    // Nothing more left the store, and Medusa records nothing it did not do.
    expect(await refundedAtService(order.serviceOrderId)).toBe(30)
    expect(await refundedInMedusa(order.paymentId)).toBe(0)

    // The admin does as the message says.
    await expectRetryOf30RecordedOnce(order)
  })
})
