import { placeOrder, type PlacedOrder } from "../../support/place-order"
import type { StoreSuite } from "../../support/store-suite"

/**
 * "Void the rest" racing a capture (issue "What the fourth review found", item 1): Medusa's
 * capture workflow writes its capture before it calls the provider and deletes it when the
 * service refuses, so a void that counted Medusa's captures wrote the wrong credit line. Here a
 * partly captured order (10.00 of it) gets "Void the rest" and a capture at once, each sent
 * first and second, with the service slow on neither, the capture or the void: whatever the
 * service did, Medusa's order reads what it released, owes nothing, and its collection was
 * lowered once.
 */
export default function voidRestRacesTests(suite: StoreSuite): void {
  const { api, getContainer, control } = suite
  const post = (url: string, body: unknown = {}) => api.post(url, body, { ...suite.admin, validateStatus: () => true })
  const minor = (amount: unknown) => Math.round(Number(amount) * 100)

  /** The service's void of the order, Medusa's credit lines for the payment, its outstanding amount and collection. */
  async function figures(order: PlacedOrder) {
    const ledger = await control.ledger()
    const voids = ledger.voids.filter((entry) => entry.orderId === order.serviceOrderId)
    const captured = ledger.captures
      .filter((entry) => entry.orderId === order.serviceOrderId)
      .reduce((sum, entry) => sum + minor(entry.amount.amount), 0)
    const fields = "id,summary,*credit_lines,payment_collections.amount"
    const { order: read } = (await api.get(`/admin/orders/${order.orderId}?fields=${fields}`, suite.admin)).data
    const lines = (read.credit_lines ?? []).filter((line: any) => line.reference_id === order.paymentId)
    return {
      voids: voids.length,
      released: voids.reduce((sum, entry) => sum + minor(entry.amount.amount), 0),
      captured,
      credited: lines.reduce((sum: number, line: any) => sum + minor(line.amount), 0),
      lines: lines.length,
      outstanding: minor(read.summary.pending_difference),
      collection: minor(read.payment_collections[0].amount),
    }
  }

  type Slow = "none" | "capture" | "void"
  const SLOW: Slow[] = ["none", "capture", "void"]

  async function race(capture: "part" | "whole", first: "capture" | "void", slow: Slow) {
    const order = await placeOrder(api, getContainer(), suite.store)
    expect((await post(`/admin/payments/${order.paymentId}/capture`, { amount: 10 })).status).toBe(200)
    if (slow !== "none") await control.fault({ endpoint: slow, kind: "latency", delayMs: 400, times: 1 })
    const sendCapture = () => post(`/admin/payments/${order.paymentId}/capture`, { amount: capture === "part" ? 10 : order.total })
    const sendVoid = () => post(`/admin/bnpl/payments/${order.paymentId}/void-rest`)
    const firstCall = first === "capture" ? sendCapture() : sendVoid()
    await new Promise((resolve) => setTimeout(resolve, 60))
    const secondCall = first === "capture" ? sendVoid() : sendCapture()
    const [captureAnswer, voidAnswer] =
      first === "capture" ? await Promise.all([firstCall, secondCall]) : await Promise.all([secondCall, firstCall])
    await control.clearFaults()
    // A read of the box after the race: the figures settle, and stay as they are.
    await post(`/admin/bnpl/payments/${order.paymentId}/refresh`)
    const after = await figures(order)
    const round = { capture, first, slow, captureStatus: captureAnswer.status, voidStatus: voidAnswer.status }
    // What the service released is the credit line, written once; Medusa owes nothing; the
    // collection was lowered by exactly that.
    expect({ ...round, credited: after.credited, lines: after.lines <= 1, outstanding: after.outstanding }).toEqual({
      ...round,
      credited: after.released,
      lines: true,
      outstanding: 0,
    })
    expect(after.collection).toBe(minor(order.total) - after.released)
    expect(after.voids).toBeLessThanOrEqual(1)
    expect(after.captured + after.released).toBe(minor(order.total))
    if (voidAnswer.status === 200) expect(minor(voidAnswer.data.payment.amounts.released)).toBe(after.released)
  }

  for (const capture of ["part", "whole"] as const) {
    for (const first of ["capture", "void"] as const) {
      it(`Void the rest and a capture of the ${capture === "part" ? "part (10.00)" : "whole amount"}, the ${first} sent first, the service slow on neither, one or the other: 6 rounds, Medusa's figures equal the service's`, async () => {
        for (let round = 0; round < 6; round++) await race(capture, first, SLOW[round % SLOW.length])
      })
    }
  }

  it("a credit line written short (as an earlier version did, counting a capture in flight) is corrected by the next read of the service, and the box's timeline says so", async () => {
    const order = await placeOrder(api, getContainer(), suite.store)
    expect((await post(`/admin/payments/${order.paymentId}/capture`, { amount: 10 })).status).toBe(200)
    await getContainer().resolve("payment").cancelPayment(order.paymentId)
    const released = (await figures(order)).released
    expect(released).toBe(minor(order.total) - 1000)
    // What the earlier version wrote with a capture of 10.00 in flight: 10.00 too little credited.
    const short = ((released - 1000) / 100).toFixed(2)
    const { createOrderCreditLinesWorkflow } = require("@medusajs/medusa/core-flows")
    await createOrderCreditLinesWorkflow(getContainer()).run({
      input: { id: order.orderId, credit_lines: [{ amount: short, reference: "Pay later: rest voided", reference_id: order.paymentId }] },
    })
    const { order: before } = (
      await api.get(`/admin/orders/${order.orderId}?fields=id,payment_collections.id,payment_collections.amount`, suite.admin)
    ).data
    await getContainer()
      .resolve("payment")
      .updatePaymentCollections(before.payment_collections[0].id, { amount: (minor(order.total) - minor(short)) / 100 })
    expect((await figures(order)).outstanding).toBe(1000)

    expect((await post(`/admin/bnpl/payments/${order.paymentId}/refresh`)).status).toBe(200)
    const after = await figures(order)
    expect({ credited: after.credited, lines: after.lines, outstanding: after.outstanding, collection: after.collection }).toEqual({
      credited: released,
      lines: 2,
      outstanding: 0,
      collection: minor(order.total) - released,
    })
    // Read again: nothing more to correct.
    await post(`/admin/bnpl/payments/${order.paymentId}/refresh`)
    expect((await figures(order)).lines).toBe(2)
    let timeline: any[] = []
    for (let tries = 0; tries < 40 && !timeline.some((entry) => entry.operation === "Credit line corrected"); tries++) {
      await new Promise((resolve) => setTimeout(resolve, 250))
      timeline = (await post(`/admin/bnpl/payments/${order.paymentId}/refresh`)).data.payment.timeline
    }
    expect(timeline.filter((entry) => entry.operation === "Credit line corrected").map((entry) => minor(entry.amount))).toEqual([released])
  })
}
