import { config as canceled } from "../../../src/subscribers/order-canceled"
import { config as shipped } from "../../../src/subscribers/shipment-created"

// Medusa runs a subscriber for the event its config names, once per subscriberId: a renamed
// event is a courier update or a void that silently never happens.
describe("the subscribers", () => {
  it("listen to Medusa's shipment and cancellation events", () => {
    expect(shipped.event).toBe("shipment.created")
    expect(canceled.event).toBe("order.canceled")
  })

  it("have their own ids, so Medusa runs each once", () => {
    const ids = [shipped.context?.subscriberId, canceled.context?.subscriberId]
    expect(ids.every((id) => typeof id === "string" && id.startsWith("medusa-payment-bnpl-"))).toBe(true)
    expect(new Set(ids).size).toBe(2)
  })
})
