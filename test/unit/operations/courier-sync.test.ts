import { shipmentCaptureAmount } from "../../../src/operations/courier-sync"

/** An order of two items (2 x 10.00 and 1 x 30.00) with 5.00 shipping, paid 55.00 later. */
function orderWith(fulfillments: Array<{ id: string; shipped: boolean; items: Array<[string, number]> }>) {
  return {
    id: "order_1",
    shipping_total: 5,
    items: [
      { id: "item_a", quantity: 2, total: 20 },
      { id: "item_b", quantity: 1, total: 30 },
    ],
    fulfillments: fulfillments.map((fulfillment) => ({
      id: fulfillment.id,
      shipped_at: fulfillment.shipped ? "2026-11-25T10:00:00Z" : null,
      canceled_at: null,
      items: fulfillment.items.map(([line_item_id, quantity]) => ({ line_item_id, quantity })),
    })),
  }
}

describe("shipmentCaptureAmount: what is left to capture once a fulfillment ships (minor units)", () => {
  const payment = (captured: number[]) => ({ amount: 55, captures: captured.map((amount) => ({ amount })) })

  it("the first shipment captures what it sends plus the shipping", () => {
    const order = orderWith([{ id: "ful_1", shipped: false, items: [["item_a", 1]] }])
    expect(shipmentCaptureAmount({ id: "ful_1", order }, payment([]))).toBe(1500n)
  })

  it("the same shipment synced again (the job's repair after the subscriber) captures nothing more", () => {
    const order = orderWith([{ id: "ful_1", shipped: true, items: [["item_a", 1]] }])
    expect(shipmentCaptureAmount({ id: "ful_1", order }, payment([15]))).toBe(0n)
  })

  it("a second shipment captures what it adds; the one that completes the order takes all that is left", () => {
    const second = orderWith([
      { id: "ful_1", shipped: true, items: [["item_a", 1]] },
      { id: "ful_2", shipped: false, items: [["item_a", 1]] },
    ])
    expect(shipmentCaptureAmount({ id: "ful_2", order: second }, payment([15]))).toBe(1000n)
    const last = orderWith([
      { id: "ful_1", shipped: true, items: [["item_a", 1]] },
      { id: "ful_2", shipped: true, items: [["item_a", 1]] },
      { id: "ful_3", shipped: false, items: [["item_b", 1]] },
    ])
    expect(shipmentCaptureAmount({ id: "ful_3", order: last }, payment([15, 10]))).toBe(3000n)
  })

  it("never captures more than is left uncaptured (an admin captured by hand before)", () => {
    const order = orderWith([{ id: "ful_1", shipped: false, items: [["item_a", 1]] }])
    expect(shipmentCaptureAmount({ id: "ful_1", order }, payment([50]))).toBe(0n)
  })
})
