import { eventually, placeOrder, readPayment } from "../support/place-order"
import { describeStore } from "../support/store-suite"
import type { SeededStore } from "../support/seed-store"

jest.setTimeout(120_000)

describeStore({ BNPL_CAPTURE: "on_shipment" }, (suite) => {
  const { api, getContainer, control } = suite
  let store: SeededStore, admin: { headers: Record<string, string> }
  beforeEach(() => ({ store, admin } = suite))

  it("capture on shipment: marking the fulfillment shipped sends the courier and captures once", async () => {
    const order = await placeOrder(api, getContainer(), store)
    expect((await control.ledger()).captures).toHaveLength(0)

    const { data: fulfilled } = await api.post(
      `/admin/orders/${order.orderId}/fulfillments?fields=id,*fulfillments`,
      { items: order.items, location_id: store.stockLocationId },
      admin,
    )
    // The capture's answer is lost once; the retry carries the same requestId.
    await control.fault({ endpoint: "capture", kind: "lost_response" })
    await api.post(
      `/admin/orders/${order.orderId}/fulfillments/${fulfilled.order.fulfillments[0].id}/shipments`,
      {
        items: order.items,
        labels: [
          { tracking_number: "DPD-0042", tracking_url: "https://track.example.com/0042", label_url: "https://labels.example.com/0042.pdf" },
        ],
      },
      admin,
    )
    const payment = await eventually(async () => {
      const current = await readPayment(getContainer(), order.paymentId)
      return current.captured_at ? current : undefined
    })
    expect(payment.captures).toHaveLength(1)
    const ledger = await control.ledger()
    expect(ledger.courierUpdates).toHaveLength(1)
    expect(ledger.courierUpdates[0].courier.tracking).toBe("DPD-0042")
    expect(ledger.captures).toHaveLength(1)
    expect(ledger.captures[0].amount).toEqual({ amount: order.total.toFixed(2), currency: "GBP" })
  })

  it("an order shipped in two fulfilments is captured per shipment: what each sends, adding up to the order total", async () => {
    const order = await placeOrder(api, getContainer(), store, { quantity: 2 })
    const [line] = order.items
    const ship = async () => {
      const { data } = await api.post(
        `/admin/orders/${order.orderId}/fulfillments?fields=id,*fulfillments`,
        { items: [{ id: line.id, quantity: 1 }], location_id: store.stockLocationId },
        admin,
      )
      const fulfillment = data.order.fulfillments.find((candidate: { shipped_at?: string | null }) => !candidate.shipped_at)
      await api.post(
        `/admin/orders/${order.orderId}/fulfillments/${fulfillment.id}/shipments`,
        {
          items: [{ id: line.id, quantity: 1 }],
          labels: [
            {
              tracking_number: `DPD-${Date.now()}`,
              tracking_url: "https://track.example.com/1",
              label_url: "https://labels.example.com/1.pdf",
            },
          ],
        },
        admin,
      )
    }
    await ship()
    await eventually(async () => ((await control.ledger()).captures.length === 1 ? true : undefined))
    // The first shipment sends one tote (45.00) and carries the shipping (4.95).
    expect((await control.ledger()).captures.map((capture) => capture.amount.amount)).toEqual(["49.95"])
    expect((await readPayment(getContainer(), order.paymentId)).captured_at).toBeNull()

    await ship()
    const payment = await eventually(async () => {
      const current = await readPayment(getContainer(), order.paymentId)
      return current.captured_at ? current : undefined
    })
    const captures = (await control.ledger()).captures.map((capture) => capture.amount.amount)
    expect(captures).toEqual(["49.95", (order.total - 49.95).toFixed(2)])
    expect(payment.captures.map((capture: { amount: number }) => Number(capture.amount)).sort()).toEqual(
      [49.95, Number((order.total - 49.95).toFixed(2))].sort(),
    )
  })

  it("the admin routes report the account and refresh its limits", async () => {
    const status = await api.get("/admin/bnpl/status", admin)
    expect(status.data).toMatchObject({
      region: "UK",
      capture: "on_shipment",
      reachable: true,
      configuration: { minimumAmount: { amount: "1.00", currency: "GBP" }, maximumAmount: { amount: "1000.00", currency: "GBP" } },
    })
    expect(JSON.stringify(status.data)).not.toContain("sandbox-uk-secret-key")

    await control.setLimits("sandbox-uk-merchant", "50.00", "500.00")
    const refreshed = await api.post("/admin/bnpl/configuration/refresh", {}, admin)
    expect(refreshed.data.configuration.minimumAmount).toEqual({ amount: "50.00", currency: "GBP" })
    const after = await api.get("/admin/bnpl/status", admin)
    expect(after.data.configuration.minimumAmount.amount).toBe("50.00")

    const anonymous = await api.get("/admin/bnpl/status", { validateStatus: () => true })
    expect(anonymous.status).toBe(401)
  })
})
