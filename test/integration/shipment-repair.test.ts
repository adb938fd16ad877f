import { repairUntoldShipments } from "../../src/operations/shipment-repair"
import { readCourierSyncErrors } from "../../src/runtime/records/courier-sync-errors"
import { eventually, fulfilAndShip, placeOrder, readPayment } from "../support/place-order"
import { describeStore } from "../support/store-suite"
import type { SeededStore } from "../support/seed-store"

jest.setTimeout(180_000)

/**
 * The repair job's sending of the shipments the service was never told of
 * (src/operations/shipment-repair.ts), under `capture: "on_shipment"` so that it also shows
 * the capture on shipment happens once.
 */
describeStore({ BNPL_CAPTURE: "on_shipment" }, (suite) => {
  const { api, getContainer, control } = suite
  let store: SeededStore, admin: { headers: Record<string, string> }
  beforeEach(() => ({ store, admin } = suite))

  const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000)

  it("a shipment whose event was never handled is sent (and captured) by the repair once; a second run sends nothing", async () => {
    const order = await placeOrder(api, getContainer(), store)
    // The subscriber's work is not done: every courier update fails while it runs.
    await control.fault({ endpoint: "courier", kind: "status", status: 500, times: 50 })
    const fulfillmentId = await fulfilAndShip(api, store, order, admin, [
      { tracking_number: "RM-REPAIR-1", tracking_url: "https://track.example.com/1", label_url: "https://labels.example.com/1.pdf" },
    ])
    await eventually(async () => (await readCourierSyncErrors([fulfillmentId])).length > 0, 60_000)
    await control.clearFaults()
    expect((await control.ledger()).courierUpdates).toHaveLength(0)
    expect((await control.ledger()).captures).toHaveLength(0)

    // A failure younger than the back-off is not tried again every minute.
    const backingOff = await repairUntoldShipments(getContainer(), { now: minutesFromNow(2) })
    expect(backingOff.sent).toHaveLength(0)

    // As if the event had been lost: no courier update and no courier sync error recorded.
    const records = getContainer().resolve("bnplRecords") as any
    const [error] = await records.listCourierSyncErrors({ fulfillment_id: fulfillmentId })
    await records.deleteCourierSyncErrors(error.id)

    const report = await repairUntoldShipments(getContainer(), { now: minutesFromNow(2) })
    expect(report.sent).toEqual([fulfillmentId])
    let ledger = await control.ledger()
    expect(ledger.courierUpdates).toHaveLength(1)
    expect(ledger.courierUpdates[0].orderId).toBe(order.serviceOrderId)
    expect(ledger.courierUpdates[0].courier.tracking).toBe("RM-REPAIR-1")
    expect(ledger.captures.map((capture) => capture.amount.amount)).toEqual([order.total.toFixed(2)])
    const payment = await readPayment(getContainer(), order.paymentId)
    expect(payment.captures).toHaveLength(1)
    expect(payment.captured_at).not.toBeNull()
    expect(await readCourierSyncErrors([fulfillmentId])).toHaveLength(0)

    const again = await repairUntoldShipments(getContainer(), { now: minutesFromNow(3) })
    expect(again.sent).toHaveLength(0)
    ledger = await control.ledger()
    expect(ledger.courierUpdates).toHaveLength(1)
    expect(ledger.captures).toHaveLength(1)
  })

  it("a shipment the subscriber sent is recorded, and the repair leaves it alone", async () => {
    const order = await placeOrder(api, getContainer(), store)
    await fulfilAndShip(api, store, order, admin)
    await eventually(async () => (await readPayment(getContainer(), order.paymentId)).captured_at, 30_000)
    const report = await repairUntoldShipments(getContainer(), { now: minutesFromNow(2) })
    expect(report.sent).toHaveLength(0)
    expect((await control.ledger()).courierUpdates).toHaveLength(1)
    expect((await control.ledger()).captures).toHaveLength(1)
  })
})
