import { placeOrder, readPayment } from "../support/place-order"
import { describeStore } from "../support/store-suite"

jest.setTimeout(600_000)

/**
 * The Pay later box's money routes on a real store (src/api/admin/bnpl/payments/:payment_id/
 * refund and void-rest, src/api/admin/medusa-capture-of-partly-captured.ts): a partly captured
 * order refunded through Medusa's own refund workflow, its rest voided with Medusa's order told,
 * Medusa's whole-amount Capture button on a partly captured payment, and the service's
 * refusals answered 400 or 502 with a reason, never 500.
 */
describeStore({}, (suite) => {
  const { api, getContainer, control } = suite
  const call = (url: string, body: unknown = {}) => api.post(url, body, { ...suite.admin, validateStatus: () => true })
  const ledgerOf = async (serviceOrderId: string) => {
    const ledger = await control.ledger()
    const amounts = (entries: Array<Record<string, any>>) =>
      entries.filter((entry) => entry.orderId === serviceOrderId).map((entry) => entry.amount?.amount ?? null)
    return {
      captures: amounts(ledger.captures),
      refunds: amounts(ledger.refunds),
      voids: ledger.voids.filter((entry) => entry.orderId === serviceOrderId).length,
    }
  }
  // As Medusa's order page reads them: its admin order route (payment status, summary, collections).
  const orderFigures = async (orderId: string) => {
    const fields = "id,payment_status,summary,payment_collections.amount,payment_collections.captured_amount"
    const { order } = (await api.get(`/admin/orders/${orderId}?fields=${fields}`, suite.admin)).data
    const collection = order.payment_collections[0]
    return {
      paymentStatus: order.payment_status,
      outstanding: Number(order.summary.pending_difference).toFixed(2),
      pending: (Number(collection.amount) - Number(collection.captured_amount)).toFixed(2),
    }
  }

  it("refunds a partly captured order from the box with Medusa's reason and note, voids the rest, and Medusa's figures agree with the box at each step", async () => {
    const order = await placeOrder(api, getContainer(), suite.store)
    const total = order.total
    const { data: reason } = await api.post("/admin/refund-reasons", { label: "Damaged", code: "damaged" }, suite.admin)

    expect((await call(`/admin/payments/${order.paymentId}/capture`, { amount: 20 })).status).toBe(200)
    const first = await call(`/admin/bnpl/payments/${order.paymentId}/refund`, { amount: "5.00" })
    expect(first.status).toBe(200)
    expect(first.data.payment.amounts).toMatchObject({ captured: "20.00", refunded: "5.00", refundable: "15.00", released: "0.00" })
    expect(first.data.payment.actions).toMatchObject({ refund: true, captureRest: true, voidRest: true })
    // Medusa's page says "Refunded" for it: the box says so and why.
    expect(first.data.payment.medusaNotes.join(" ")).toMatch(/Refunded/)

    expect((await call(`/admin/payments/${order.paymentId}/capture`, { amount: 30 })).status).toBe(200)
    const second = await call(`/admin/bnpl/payments/${order.paymentId}/refund`, {
      amount: "10",
      refund_reason_id: reason.refund_reason.id,
      note: "Strap torn on arrival",
    })
    expect(second.status).toBe(200)
    expect(second.data.payment.refunds.map((refund: any) => [refund.amount, refund.reason, refund.note])).toEqual([
      ["5.00", null, null],
      ["10.00", "Damaged", "Strap torn on arrival"],
    ])
    const rest = (total - 50).toFixed(2)
    expect(second.data.payment.amounts).toMatchObject({ captured: "50.00", refunded: "15.00", openToCapture: rest })
    expect(await orderFigures(order.orderId)).toMatchObject({ outstanding: rest, pending: rest })

    const voided = await call(`/admin/bnpl/payments/${order.paymentId}/void-rest`)
    expect(voided.status).toBe(200)
    expect(voided.data.payment.amounts).toMatchObject({
      captured: "50.00",
      refunded: "15.00",
      refundable: "35.00",
      openToCapture: "0.00",
      released: rest,
    })
    const voidLine = voided.data.payment.timeline.find((entry: any) => entry.operation === "Void Payment" && entry.outcome === "ok")
    expect(voidLine.amount).toBe(rest)
    // Medusa's order: nothing outstanding or pending, partially refunded (not "Refunded").
    expect(await orderFigures(order.orderId)).toEqual({ paymentStatus: "partially_refunded", outstanding: "0.00", pending: "0.00" })

    // The canceled payment's captured money is still refundable from the box (Medusa's Refund is off).
    const after = await call(`/admin/bnpl/payments/${order.paymentId}/refund`, { amount: "35.00" })
    expect(after.status).toBe(200)
    expect(after.data.payment.actions.refund).toBe(false)
    expect(await ledgerOf(order.serviceOrderId)).toEqual({ captures: ["20.00", "30.00"], refunds: ["5.00", "10.00", "35.00"], voids: 1 })
    const payment = await readPayment(getContainer(), order.paymentId)
    expect(payment.refunds.map((refund: any) => Number(refund.amount))).toEqual([5, 10, 35])
  })

  it("two admins press Void the rest at once: one void at the service, one credit line, the collection lowered once", async () => {
    const order = await placeOrder(api, getContainer(), suite.store)
    expect((await call(`/admin/payments/${order.paymentId}/capture`, { amount: 20 })).status).toBe(200)
    const answers = await Promise.all([1, 2].map(() => call(`/admin/bnpl/payments/${order.paymentId}/void-rest`)))
    expect(answers.some((answer) => answer.status === 200)).toBe(true)
    const rest = (order.total - 20).toFixed(2)
    const { order: read } = (
      await api.get(`/admin/orders/${order.orderId}?fields=id,*credit_lines,payment_collections.amount`, suite.admin)
    ).data
    expect(read.credit_lines.map((line: any) => Number(line.amount).toFixed(2))).toEqual([rest])
    expect(Number(read.payment_collections[0].amount).toFixed(2)).toBe("20.00")
    expect((await ledgerOf(order.serviceOrderId)).voids).toBe(1)
  })

  it("refuses what Medusa's dialog refuses, naming the field, and moves nothing", async () => {
    const order = await placeOrder(api, getContainer(), suite.store)
    expect((await call(`/admin/payments/${order.paymentId}/capture`, { amount: 20 })).status).toBe(200)
    for (const [body, message] of [
      [{ amount: "abc" }, /amount must be a decimal string/],
      [{ amount: 5 }, /amount must be a decimal string/],
      [{ amount: "0" }, /amount must be more than 0/],
      [{ amount: "5.001" }, /at most 2 decimal places in GBP/],
      [{ amount: "20.01" }, /more than the 20.00 GBP captured and not yet refunded/],
      [{ amount: "5", secretKey: "x" }, /secretKey is not accepted here/],
      [{ amount: "5", refund_reason_id: "damaged" }, /refund_reason_id must be a Medusa refund reason id/],
    ] as const) {
      const answer = await call(`/admin/bnpl/payments/${order.paymentId}/refund`, body)
      expect([JSON.stringify(body), answer.status]).toEqual([JSON.stringify(body), 400])
      expect(answer.data.message).toMatch(message)
    }
    expect((await call(`/admin/bnpl/payments/${order.paymentId}/refund?amount=5`, { amount: "5" })).status).toBe(400)
    expect((await call("/admin/bnpl/payments/pay_01NOTAPAYMENT/refund", { amount: "5" })).status).toBe(404)
    expect((await ledgerOf(order.serviceOrderId)).refunds).toEqual([])
    expect((await readPayment(getContainer(), order.paymentId)).refunds).toEqual([])
  })

  it("answers the service's refusal of a refund with 400 and its reason, and refused credentials with 502, never 500; nothing is recorded", async () => {
    const order = await placeOrder(api, getContainer(), suite.store)
    expect((await call(`/admin/payments/${order.paymentId}/capture`, { amount: 20 })).status).toBe(200)

    await control.fault({ endpoint: "refund", kind: "status", status: 401, times: 5 })
    const credentials = await call(`/admin/bnpl/payments/${order.paymentId}/refund`, { amount: "5.00" })
    await control.clearFaults()
    expect(credentials.status).toBe(502)
    expect(credentials.data).toMatchObject({ type: "bad_gateway", code: "credentials_refused" })
    expect(credentials.data.message).toMatch(/refused the merchant credentials/)

    // 121 days on, the service refuses refunds (docs/service-api.md "Create Refund"): 400 with its reason.
    await control.advanceClock(121 * 24 * 3600)
    const late = await call(`/admin/bnpl/payments/${order.paymentId}/refund`, { amount: "5.00" })
    expect([late.status, late.data.message]).toEqual([400, expect.stringMatching(/accepts refunds for 120 days only/)])

    expect((await readPayment(getContainer(), order.paymentId)).refunds).toEqual([])
    expect((await ledgerOf(order.serviceOrderId)).refunds).toEqual([])
  })

  it("Medusa's Capture button on a partly captured payment (the whole amount) captures what is still open, not refused", async () => {
    const order = await placeOrder(api, getContainer(), suite.store)
    expect((await call(`/admin/payments/${order.paymentId}/capture`, { amount: 20 })).status).toBe(200)
    const whole = await call(`/admin/payments/${order.paymentId}/capture`, { amount: order.total })
    expect(whole.status).toBe(200)
    expect((await ledgerOf(order.serviceOrderId)).captures).toEqual(["20.00", (order.total - 20).toFixed(2)])
    expect((await readPayment(getContainer(), order.paymentId)).captured_at).not.toBeNull()
  })
})
