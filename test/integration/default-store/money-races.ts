import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { GRACE_MS, sendUnsentMoneyCalls } from "../../../src/operations/unsent-money-calls"
import { eventually, placeOrder, readPayment, type PlacedOrder } from "../../support/place-order"
import type { StoreSuite } from "../../support/store-suite"

/**
 * Issues "Money that races" and "Money state that survives a restart": captures and cancels
 * that meet, through the admin's own routes of a real store. After each round, what the
 * service captured, refunded and holds open is what Medusa records.
 */
export default function moneyRacesTests(suite: StoreSuite): void {
  const { api, getContainer, control } = suite
  const cents = (amount: string | number) => Math.round(Number(amount) * 100)

  /** The service's view of one order, in cents: captured, refunded and still open to capture. */
  async function atService(serviceOrderId: string) {
    const ledger = await control.ledger()
    const sum = (entries: Array<Record<string, any>>) =>
      entries.filter((entry) => entry.orderId === serviceOrderId).reduce((total, entry) => total + cents(entry.amount.amount), 0)
    const payment = ledger.payments.find((candidate) => candidate.id === serviceOrderId)
    return {
      captured: sum(ledger.captures),
      refunded: sum(ledger.refunds),
      open: cents(payment?.openToCaptureAmount?.amount ?? 0),
      captureCalls: ledger.captures.filter((entry) => entry.orderId === serviceOrderId).length,
    }
  }

  /** Medusa's view of one payment, in cents. */
  async function inMedusa(paymentId: string) {
    const payment = await readPayment(getContainer(), paymentId)
    const sum = (entries: Array<{ amount: unknown }> | undefined) =>
      (entries ?? []).reduce((total, entry) => total + cents(entry.amount as number), 0)
    return { captured: sum(payment.captures), refunded: sum(payment.refunds), canceled: !!payment.canceled_at }
  }

  const capture = (order: PlacedOrder, amount: number) =>
    api.post(`/admin/payments/${order.paymentId}/capture`, { amount }, { ...suite.admin, validateStatus: () => true })
  const cancel = (order: PlacedOrder) =>
    api.post(`/admin/orders/${order.orderId}/cancel`, {}, { ...suite.admin, validateStatus: () => true })

  it("two partial captures at once (10.00 and 30.00), 10 rounds: the service captures what Medusa records, each its own call", async () => {
    for (let round = 0; round < 10; round++) {
      const order = await placeOrder(api, getContainer(), suite.store)
      const answers = await Promise.all([capture(order, 10), capture(order, 30)])
      const medusa = await inMedusa(order.paymentId)
      const service = await atService(order.serviceOrderId)
      expect({ round, captured: service.captured }).toEqual({ round, captured: medusa.captured })
      // Both fit in the order's total, so both are made: two calls, not one answered twice.
      expect(answers.map((answer) => answer.status)).toEqual([200, 200])
      expect(service.captureCalls).toBe(2)
      expect(service.open).toBe(cents(order.total) - 4000)
    }
  })

  it("a cancel while a partial capture is in flight, 6 rounds: nothing stays open or captured at the service, as in Medusa", async () => {
    for (let round = 0; round < 6; round++) {
      const order = await placeOrder(api, getContainer(), suite.store)
      await control.fault({ endpoint: "capture", kind: "latency", delayMs: 600, times: 1 })
      const captured = capture(order, 20)
      await new Promise((resolve) => setTimeout(resolve, 150 + round * 20))
      const canceled = await cancel(order)
      await captured
      expect(canceled.status).toBe(200)
      const settled = await eventually(async () => {
        const [service, medusa] = await Promise.all([atService(order.serviceOrderId), inMedusa(order.paymentId)])
        return service.open === 0 && service.captured === service.refunded && medusa.captured === medusa.refunded
          ? { service, medusa }
          : undefined
      }, 20_000).catch(async () => ({ service: await atService(order.serviceOrderId), medusa: await inMedusa(order.paymentId) }))
      expect({ round, open: settled.service.open, kept: settled.service.captured - settled.service.refunded }).toEqual({
        round,
        open: 0,
        kept: 0,
      })
      expect({ round, captured: settled.service.captured, refunded: settled.service.refunded }).toEqual({
        round,
        captured: settled.medusa.captured,
        refunded: settled.medusa.refunded,
      })
      await control.clearFaults()
    }
  })

  it("a cancel after a partial capture refunds the captured part and voids the rest at once", async () => {
    const order = await placeOrder(api, getContainer(), suite.store)
    expect((await capture(order, 20)).status).toBe(200)
    expect((await cancel(order)).status).toBe(200)
    const settled = await eventually(async () => {
      const service = await atService(order.serviceOrderId)
      return service.open === 0 ? service : undefined
    })
    expect(settled).toMatchObject({ captured: 2000, refunded: 2000, open: 0 })
    expect(await inMedusa(order.paymentId)).toMatchObject({ captured: 2000, refunded: 2000 })
  })

  it("a capture whose every answer was lost: the admin sees it captured, Medusa and the service hold it once; a capture of another amount is its own", async () => {
    const order = await placeOrder(api, getContainer(), suite.store)
    await control.fault({ endpoint: "capture", kind: "lost_response", times: 20 })
    expect((await capture(order, 20)).status).toBe(200)
    await control.clearFaults()
    expect((await atService(order.serviceOrderId)).captured).toBe(2000)
    expect((await inMedusa(order.paymentId)).captured).toBe(2000)

    expect((await capture(order, 10)).status).toBe(200)
    expect((await atService(order.serviceOrderId)).captured).toBe(3000)
    expect((await inMedusa(order.paymentId)).captured).toBe(3000)
  })

  it("a capture whose every try was refused unapplied (5xx, reset, a cut-off 201): Medusa keeps it and the job's repair sends it once with its own requestId", async () => {
    const orders = []
    for (const kind of ["status", "reset", "malformed"] as const) {
      const order = await placeOrder(api, getContainer(), suite.store)
      await control.fault({ endpoint: "capture", kind, times: 20 })
      expect((await capture(order, 10)).status).toBe(200)
      await control.clearFaults()
      expect((await atService(order.serviceOrderId)).captured).toBe(0)
      expect((await inMedusa(order.paymentId)).captured).toBe(1000)
      orders.push(order)
    }

    // Past the grace, the completion job's repair settles each against the service and sends it.
    const later = new Date(Date.now() + GRACE_MS + 60_000)
    expect((await sendUnsentMoneyCalls(getContainer(), { now: later })).sent).toHaveLength(3)
    const ledger = await control.ledger()
    for (const order of orders) {
      expect(ledger.captures.filter((entry) => entry.orderId === order.serviceOrderId)).toHaveLength(1)
      expect((await atService(order.serviceOrderId)).captured).toBe(1000)
    }
    expect((await sendUnsentMoneyCalls(getContainer(), { now: later })).sent).toHaveLength(0)
  })

  it("a capture and a refund Medusa committed while the process died before calling the service: the repair sends each once, with its own requestId", async () => {
    const order = await placeOrder(api, getContainer(), suite.store)
    expect((await capture(order, 30)).status).toBe(200)
    // What a SIGKILL between Medusa's commit and the provider call leaves (found by the chaos
    // soak): Medusa's capture and refund rows, never sent. Written as Medusa writes them,
    // older than the repair's grace.
    const knex = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION) as any
    const at = new Date(Date.now() - GRACE_MS - 60_000)
    const row = (id: string, amount: number) => ({
      id,
      amount,
      raw_amount: { value: String(amount), precision: 20 },
      payment_id: order.paymentId,
      created_at: at,
      updated_at: at,
    })
    await knex("capture").insert(row(`capt_unsent_${order.paymentId}`, 10))
    await knex("refund").insert(row(`ref_unsent_${order.paymentId}`, 5))
    expect(await inMedusa(order.paymentId)).toEqual(expect.objectContaining({ captured: 4000, refunded: 500 }))
    expect(await atService(order.serviceOrderId)).toEqual(expect.objectContaining({ captured: 3000, refunded: 0 }))

    const report = await sendUnsentMoneyCalls(getContainer())
    expect(report.sent.map((call) => [call.kind, call.medusaRecordId, call.amount])).toEqual([
      ["capture", `capt_unsent_${order.paymentId}`, "10.00"],
      ["refund", `ref_unsent_${order.paymentId}`, "5.00"],
    ])
    expect(report.failed).toEqual([])
    const service = await atService(order.serviceOrderId)
    expect(service).toEqual(expect.objectContaining({ captured: 4000, refunded: 500, captureCalls: 2 }))
    const ledger = await control.ledger()
    expect(ledger.captures.filter((entry: any) => entry.orderId === order.serviceOrderId).map((entry: any) => entry.requestId)).toContain(
      `capt_unsent_${order.paymentId}`,
    )

    // The next run finds nothing to send: each call went out once.
    const again = await sendUnsentMoneyCalls(getContainer())
    expect(again.sent).toEqual([])
    expect(await atService(order.serviceOrderId)).toEqual(service)
  })

  it("a capture Medusa committed but never sent, on an order canceled since (its authorisation voided): the repair deletes Medusa's record, as Medusa deletes a refused capture", async () => {
    const order = await placeOrder(api, getContainer(), suite.store)
    expect((await cancel(order)).status).toBe(200)
    expect(await atService(order.serviceOrderId)).toEqual(expect.objectContaining({ captured: 0, open: 0 }))
    // The chaos soak's seed 28: a full capture committed by Medusa, its server killed before the
    // provider call, the order canceled 8 s later (the void took the whole authorisation).
    const knex = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION) as any
    const at = new Date(Date.now() - GRACE_MS - 60_000)
    const id = `capt_never_${order.paymentId}`
    await knex("capture").insert({
      id,
      amount: 20,
      raw_amount: { value: "20", precision: 20 },
      payment_id: order.paymentId,
      created_at: at,
      updated_at: at,
    })
    expect((await inMedusa(order.paymentId)).captured).toBe(2000)

    const report = await sendUnsentMoneyCalls(getContainer())
    expect(report.withdrawn.map((call) => [call.medusaRecordId, call.amount])).toEqual([[id, "20.00"]])
    expect(report.sent).toEqual([])
    expect(report.failed).toEqual([])
    expect(await inMedusa(order.paymentId)).toEqual(expect.objectContaining({ captured: 0, refunded: 0 }))
    expect(await atService(order.serviceOrderId)).toEqual(expect.objectContaining({ captured: 0, refunded: 0, open: 0 }))
    // Nothing left for the next run.
    const again = await sendUnsentMoneyCalls(getContainer())
    expect([again.sent, again.failed, again.withdrawn]).toEqual([[], [], []])
  })
}
