import { placeOrder } from "../../support/place-order"
import type { SeededStore } from "../../support/seed-store"
import type { StoreSuite } from "../../support/store-suite"

interface TimelineEntry {
  at: string
  operation: string
  requestId: string | null
  amount: string | null
  attempt: number
  httpStatus: number | null
  outcome: string
  durationMs: number
}

const MONEY_AND_CHECKOUT = new Set(["Create Checkout", "Auth", "Capture Payment", "Create Refund", "Void Payment"])

/**
 * Issue 32, "Refund references" and "The order's timeline": a refund's reason and note reach
 * the service's ledger as its references and show in the Pay later box; the box lists every
 * call made for the payment, newest first, retries included.
 */
export default function paymentTimelineTests(suite: StoreSuite): void {
  const { api, getContainer, control } = suite
  let store: SeededStore
  let admin: { headers: Record<string, string> }
  beforeEach(() => {
    ;({ store, admin } = suite)
  })

  /** The box's view of the order's payment, once the timeline shows `until` (it is written without holding the calls up). */
  async function boxOf(orderId: string, until: (timeline: TimelineEntry[]) => boolean) {
    for (let tries = 0; ; tries++) {
      const { data } = await api.get(`/admin/bnpl/orders/${orderId}/payments`, admin)
      const [payment] = data.payments
      if (until(payment.timeline) || tries >= 20) return payment
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
  }

  it("captured in part, refunded twice (once with reason and note, once retried after a 503), the rest voided: the ledger has the references, the box every call newest first", async () => {
    const order = await placeOrder(api, getContainer(), store)
    expect((await api.post(`/admin/payments/${order.paymentId}/capture`, { amount: 20 }, admin)).status).toBe(200)

    const { data: reasonBody } = await api.post("/admin/refund-reasons", { label: "Damaged", code: "damaged" }, admin)
    const damaged = await api.post(
      `/admin/payments/${order.paymentId}/refund`,
      { amount: 5, refund_reason_id: reasonBody.refund_reason.id, note: "Strap torn on arrival" },
      admin,
    )
    expect(damaged.status).toBe(200)

    await control.fault({ endpoint: "refund", kind: "status", status: 503, times: 1 })
    expect((await api.post(`/admin/payments/${order.paymentId}/refund`, { amount: 3 }, admin)).status).toBe(200)
    expect((await api.post(`/admin/bnpl/payments/${order.paymentId}/void-rest`, {}, admin)).status).toBe(200)

    const refundIds = (damaged.data.payment.refunds as Array<{ id: string; note?: string }>).map((refund) => refund.id)
    const ledger = (await control.ledger()).refunds.filter((refund) => refund.orderId === order.serviceOrderId)
    expect(ledger.map((refund) => refund.amount.amount)).toEqual(["5.00", "3.00"])
    const [first, second] = ledger
    expect(refundIds).toContain(first.merchantReference)
    expect(first.requestId).toBe(first.merchantReference)
    expect(first.refundMerchantReference).toBe(`Damaged: Strap torn on arrival [${first.merchantReference!.slice(-12)}]`)
    // No reason or note: the event reference names the order and the refund's number on it.
    expect(second.refundMerchantReference).toMatch(new RegExp(`^Order #\\d+ refund 2 \\[${second.merchantReference!.slice(-12)}\\]$`))

    const box = await boxOf(order.orderId, (timeline) => timeline.some((entry) => entry.operation === "Void Payment"))
    expect(
      box.refunds.map((refund: Record<string, unknown>) => [
        refund.amount,
        refund.reason,
        refund.note,
        refund.refundMerchantReference,
        refund.merchantReference,
      ]),
    ).toEqual([
      ["5.00", "Damaged", "Strap torn on arrival", first.refundMerchantReference, first.merchantReference],
      ["3.00", null, null, second.refundMerchantReference, second.merchantReference],
    ])

    const timeline = box.timeline as TimelineEntry[]
    const times = timeline.map((entry) => Date.parse(entry.at))
    expect(times).toEqual([...times].sort((a, b) => b - a))
    const money = timeline.filter((entry) => MONEY_AND_CHECKOUT.has(entry.operation))
    expect(money.map((entry) => [entry.operation, entry.amount, entry.attempt, entry.httpStatus, entry.outcome])).toEqual([
      // A void of the whole rest carries no amount at the service; the box shows what it released.
      ["Void Payment", (order.total - 20).toFixed(2), 1, 201, "ok"],
      ["Create Refund", "3.00", 2, 201, "ok"],
      ["Create Refund", "3.00", 1, 503, "server_error"],
      ["Create Refund", "5.00", 1, 201, "ok"],
      ["Capture Payment", "20.00", 1, 201, "ok"],
      ["Auth", null, 1, 201, "ok"],
      ["Create Checkout", order.total.toFixed(2), 1, 201, "ok"],
    ])
    expect(money[0].requestId).toBe(order.paymentId)
    expect(money[1].requestId).toBe(second.requestId)
    expect(money[3].requestId).toBe(first.requestId)
    expect(timeline.some((entry) => entry.operation === "Get Payment")).toBe(true)
    expect(timeline.every((entry) => entry.durationMs >= 0)).toBe(true)
  })
}
