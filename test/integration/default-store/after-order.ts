import { checkAuthorizationExpiry } from "../../../src/operations/authorization-expiry"
import { reconcilePayments } from "../../../src/operations/reconcile"
import { eventually, fulfilAndShip, placeOrder, readPayment } from "../../support/place-order"
import { orphanedServicePayment } from "../../support/orphaned-payment"
import type { StoreSuite } from "../../support/store-suite"
import type { SeededStore } from "../../support/seed-store"

export default function afterOrderTests(suite: StoreSuite): void {
  const { api, getContainer, control, sandbox } = suite
  let store: SeededStore
  let admin: { headers: Record<string, string> }
  beforeEach(() => {
    store = suite.store
    admin = suite.admin
  })

  const capture = (paymentId: string) => api.post(`/admin/payments/${paymentId}/capture`, {}, { ...admin, validateStatus: () => true })
  const refund = (paymentId: string, amount: number) =>
    api.post(`/admin/payments/${paymentId}/refund`, { amount }, { ...admin, validateStatus: () => true })

  it("manual capture: the admin's Capture takes the money once, even when the answer is lost", async () => {
    const order = await placeOrder(api, getContainer(), store)
    expect((await readPayment(getContainer(), order.paymentId)).captured_at).toBeNull()
    expect((await control.ledger()).captures).toHaveLength(0)

    await control.fault({ endpoint: "capture", kind: "lost_response" })
    const captured = await capture(order.paymentId)
    expect(captured.status).toBe(200)
    const ledger = await control.ledger()
    expect(ledger.captures).toHaveLength(1)
    expect(ledger.captures[0].amount).toEqual({ amount: order.total.toFixed(2), currency: "GBP" })
    expect((await readPayment(getContainer(), order.paymentId)).captured_at).not.toBeNull()

    // The admin presses Capture again: nothing more is taken.
    await capture(order.paymentId)
    expect((await control.ledger()).captures).toHaveLength(1)
  })

  it("refunds: partial + partial + the rest, each once; an over-refund is refused with a message", async () => {
    const order = await placeOrder(api, getContainer(), store)
    expect((await capture(order.paymentId)).status).toBe(200)

    // Refunding before capture is covered by rule 5; here the funds are captured.
    await control.fault({ endpoint: "refund", kind: "lost_response" })
    expect((await refund(order.paymentId, 10)).status).toBe(200)
    expect((await refund(order.paymentId, 20.5)).status).toBe(200)
    const rest = Number((order.total - 30.5).toFixed(2))

    const over = await refund(order.paymentId, rest + 0.01)
    expect(over.status).toBeGreaterThanOrEqual(400)
    expect(over.status).toBeLessThan(500)
    expect(JSON.stringify(over.data)).toMatch(/more than/i)

    expect((await refund(order.paymentId, rest)).status).toBe(200)
    const ledger = await control.ledger()
    expect(ledger.refunds.map((entry) => entry.amount.amount)).toEqual(["10.00", "20.50", rest.toFixed(2)])
    const payment = await readPayment(getContainer(), order.paymentId)
    expect(payment.refunds).toHaveLength(3)
    expect(payment.data.refundedAmount).toBe(order.total.toFixed(2))
  })

  it("a refund whose answer is lost on every try: the admin sees it refunded, and it is paid once", async () => {
    const order = await placeOrder(api, getContainer(), store)
    await capture(order.paymentId)
    await control.fault({ endpoint: "refund", kind: "lost_response", times: 10 })
    expect((await refund(order.paymentId, 15)).status).toBe(200)
    await control.clearFaults()
    expect((await control.ledger()).refunds).toHaveLength(1)
    expect((await readPayment(getContainer(), order.paymentId)).refunds).toHaveLength(1)

    // The next refund settles the first (applied) and sends only itself.
    expect((await refund(order.paymentId, 5)).status).toBe(200)
    expect((await control.ledger()).refunds.map((entry) => entry.amount.amount)).toEqual(["15.00", "5.00"])
    expect((await readPayment(getContainer(), order.paymentId)).refunds).toHaveLength(2)
  })

  it("refunding uncaptured funds is refused (only captured funds can be refunded)", async () => {
    const order = await placeOrder(api, getContainer(), store)
    const refused = await refund(order.paymentId, 5)
    expect(refused.status).toBeGreaterThanOrEqual(400)
    expect(refused.status).toBeLessThan(500)
    expect((await control.ledger()).refunds).toHaveLength(0)
  })

  it("cancelling the order voids the authorisation on the service", async () => {
    const order = await placeOrder(api, getContainer(), store)
    await control.fault({ endpoint: "void", kind: "lost_response" })
    const cancelled = await api.post(`/admin/orders/${order.orderId}/cancel`, {}, { ...admin, validateStatus: () => true })
    expect(cancelled.status).toBe(200)
    const ledger = await control.ledger()
    expect(ledger.voids).toHaveLength(1)
    expect(ledger.payments[0].paymentState).toBe("VOIDED")
    expect((await readPayment(getContainer(), order.paymentId)).canceled_at).not.toBeNull()
  })

  it.each([
    ["standard", "STANDARD"],
    ["express", "EXPRESS"],
  ] as const)("shipping with %s delivery sends the courier and tracking number to the service", async (option, priority) => {
    const order = await placeOrder(api, getContainer(), store, { shippingOption: store.shippingOptions[option] })
    await fulfilAndShip(api, store, order, admin, [
      {
        tracking_number: "RM123456789GB",
        tracking_url: "https://track.example.com/RM123456789GB",
        label_url: "https://labels.example.com/1.pdf",
      },
    ])
    const update = await eventually(async () => (await control.ledger()).courierUpdates[0])
    expect(update.orderId).toBe(order.serviceOrderId)
    const sent = update.courier
    expect(sent.tracking).toBe("RM123456789GB")
    expect(sent.priority).toBe(priority)
    expect(sent.name).toBe(option === "express" ? "Express Shipping" : "Standard Shipping")
    expect(Date.parse(sent.shippedAt)).not.toBeNaN()
    // Capture mode is manual: shipping takes no money.
    expect((await control.ledger()).captures).toHaveLength(0)
  })

  it("an authorisation past its 13 days cannot be captured, and the hourly job cancels it in Medusa", async () => {
    const order = await placeOrder(api, getContainer(), store)
    const soon = await checkAuthorizationExpiry(getContainer(), new Date(Date.now() + 12 * 24 * 3600 * 1000))
    expect(soon.expiringSoon.map((entry) => entry.paymentId)).toEqual([order.paymentId])

    await control.advanceClock(13 * 24 * 3600 + 60)
    const refused = await capture(order.paymentId)
    expect(refused.status).toBeGreaterThanOrEqual(400)
    expect(refused.status).toBeLessThan(500)
    expect(JSON.stringify(refused.data)).toMatch(/expired/)
    expect((await control.ledger()).captures).toHaveLength(0)

    const report = await checkAuthorizationExpiry(getContainer(), new Date(Date.now() + 13 * 24 * 3600 * 1000 + 120_000))
    expect(report.expired.map((entry) => entry.paymentId)).toEqual([order.paymentId])
    expect((await readPayment(getContainer(), order.paymentId)).canceled_at).not.toBeNull()

    // The order reads as Medusa shows a cancelled payment: its list and its page say canceled, not authorized.
    const { data: read } = await api.get(`/admin/orders/${order.orderId}?fields=payment_status,payment_collections.status`, admin)
    expect(read.order.payment_status).toBe("canceled")
    expect(read.order.payment_collections.map((collection: { status: string }) => collection.status)).toEqual(["canceled"])
    // A capture now is refused in words that name the expiry, before Medusa's "has been canceled".
    const after = await capture(order.paymentId)
    expect(after.status).toBe(400)
    expect(after.data).toMatchObject({ code: "authorization_expired", type: "not_allowed" })
    expect(after.data.message).toMatch(
      /^Capture refused: the authorisation expired at \S+ \(authorisations last 13 days, then the service voids them\)\. Ask the customer to pay again with a new order\.$/,
    )
    expect((await control.ledger()).captures).toHaveLength(0)
    // The plugin's check runs behind Medusa's admin authentication: without a login, Medusa's 401.
    expect((await api.post(`/admin/payments/${order.paymentId}/capture`, {}, { validateStatus: () => true })).status).toBe(401)
  })

  it("reconciliation reports an approved payment that has no Medusa order, and voids it (the default)", async () => {
    const placed = await placeOrder(api, getContainer(), store)
    // A consumer who paid while the store failed to create the order: a payment made on the service alone.
    const { orphan } = await orphanedServicePayment(sandbox())

    const report = await reconcilePayments(getContainer(), { now: new Date(Date.now() + 100 * 60 * 1000) })
    expect(report.checked).toBe(2)
    expect(report.orphaned).toEqual([expect.objectContaining({ orderId: orphan.id, merchantReference: "cart_lost", voided: true })])
    expect(report.orphaned.map((entry) => entry.orderId)).not.toContain(placed.serviceOrderId)
    const states = Object.fromEntries((await control.ledger()).payments.map((payment) => [payment.id, payment.paymentState]))
    expect(states).toEqual({ [orphan.id]: "VOIDED", [placed.serviceOrderId]: "AUTH_APPROVED" })
  })
}
