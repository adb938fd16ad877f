import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { consumerChooses, pathAndQuery } from "../../../harness/shopper"
import { repairOrderChanges } from "../../../src/operations/order-changes/repair"
import { eventually, fulfilAndShip, placeOrder, readPayment, type PlacedOrder } from "../../support/place-order"
import type { StoreSuite } from "../../support/store-suite"

/**
 * After the sale (issue 44): an order edit confirmed before capture keeps the shopper's
 * approval. Driven through Medusa's own admin routes, as the dashboard calls them, and judged
 * at the service (the sandbox's ledger) and in Medusa's order.
 */
export default function orderChangesTests(suite: StoreSuite): void {
  const { api, getContainer, control } = suite
  const admin = () => ({ ...suite.admin, validateStatus: () => true })
  const minor = (amount: unknown) => Math.round(Number(amount) * 100)

  /** Medusa's order edit, as the dashboard makes it: the item's new quantity, requested, confirmed. */
  async function editQuantity(placed: PlacedOrder, quantity: number): Promise<void> {
    const started = await api.post("/admin/order-edits", { order_id: placed.orderId }, admin())
    expect(started.status).toBe(200)
    // Medusa's order-edit routes take the order's id (one active change per order).
    const edit = `/admin/order-edits/${placed.orderId}`
    const updated = await api.post(`${edit}/items/item/${placed.items[0].id}`, { quantity }, admin())
    expect([updated.status, updated.data?.message]).toEqual([200, undefined])
    expect((await api.post(`${edit}/request`, {}, admin())).status).toBe(200)
    const confirmed = await api.post(`${edit}/confirm`, {}, admin())
    expect([confirmed.status, confirmed.data?.message]).toEqual([200, undefined])
  }

  async function orderOf(placed: PlacedOrder) {
    const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
    const { data } = await query.graph({
      entity: "order",
      fields: [
        "id",
        "total",
        "summary",
        "payment_collections.id",
        "payment_collections.status",
        "payment_collections.amount",
        "payment_collections.payments.id",
        "payment_collections.payments.amount",
        "payment_collections.payments.canceled_at",
        "payment_collections.payments.data",
      ],
      filters: { id: placed.orderId },
    })
    // The payment status is the admin's, worked out by Medusa's order-detail workflow.
    const shown = await api.get(`/admin/orders/${placed.orderId}?fields=payment_status,summary`, admin())
    const order = { ...(data[0] as any), payment_status: shown.data.order?.payment_status }
    const payments = order.payment_collections.flatMap((collection: any) => collection.payments ?? [])
    return { order, live: payments.filter((payment: any) => !payment.canceled_at), collections: order.payment_collections as any[] }
  }

  /**
   * Waits for the order's approval to be on a live payment other than `previous` (the
   * order-changed subscriber), its collection authorised: Medusa's payment module creates the
   * payment and then, in a transaction of its own, updates the collection's status.
   */
  const moved = (placed: PlacedOrder, previous: string) =>
    eventually(async () => {
      const read = await orderOf(placed)
      const holder = read.collections.find((collection) =>
        (collection.payments ?? []).some((payment: any) => payment.id === read.live[0]?.id),
      )
      return read.live.length === 1 && read.live[0].id !== previous && holder?.status === "authorized" ? read : undefined
    }, 30_000)
  const carried = (placed: PlacedOrder) => moved(placed, placed.paymentId)
  /** An order placed and edited to `quantity` totes before capture, once its approval is on the new payment (`holder`). */
  const editedBeforeCapture = async (quantity: number) => {
    const placed = await placeOrder(api, getContainer(), suite.store)
    await editQuantity(placed, quantity)
    const after = await carried(placed)
    return { placed, after, newTotal: minor(after.order.total), holder: after.live[0] }
  }

  it("an edit that removes an item before capture voids only the difference; Capture takes the new total and nothing stays open", async () => {
    const { placed, after, newTotal, holder } = await editedBeforeCapture(1)
    expect(newTotal).toBeLessThan(minor(placed.total))
    // The shopper's approval is kept on a new payment for the new total.
    expect(minor(holder.amount)).toBe(newTotal)
    expect(holder.data.orderId).toBe(placed.serviceOrderId)
    expect(after.order.payment_status).toBe("authorized")
    // The order page's Pay later box tells the two payments apart.
    const box = await api.get(`/admin/bnpl/orders/${placed.orderId}/payments`, admin())
    const states = Object.fromEntries(box.data.payments.map((view: any) => [view.paymentId, [view.state, view.amounts.openToCapture]]))
    expect(states).toEqual({ [placed.paymentId]: ["carried", "0.00"], [holder.id]: ["authorised", (newTotal / 100).toFixed(2)] })
    // At the service: one void, of exactly the difference; the rest still approved.
    const ledger = await control.ledger()
    expect(ledger.voids.filter((entry) => entry.orderId === placed.serviceOrderId).map((entry) => minor(entry.amount.amount))).toEqual([
      minor(placed.total) - newTotal,
    ])

    const captured = await api.post(`/admin/payments/${holder.id}/capture`, {}, admin())
    expect(captured.status).toBe(200)
    const service = (await control.ledger()).captures.filter((entry) => entry.orderId === placed.serviceOrderId)
    expect(service.map((entry) => minor(entry.amount.amount))).toEqual([newTotal])
    const payment = await readPayment(getContainer(), holder.id)
    expect(payment.data.paymentState).toBe("CAPTURED")
    const final = await orderOf(placed)
    expect(final.order.payment_status).toBe("captured")
    expect(minor(final.order.summary.pending_difference)).toBe(0)
  })

  it("an edit that adds an item before capture keeps the whole approval; the difference is paid later by the link, and the order reads paid", async () => {
    const { placed, after, newTotal, holder } = await editedBeforeCapture(3)
    expect(newTotal).toBeGreaterThan(minor(placed.total))
    expect(minor(holder.amount)).toBe(minor(placed.total))
    expect((await control.ledger()).voids).toEqual([])
    // What the shopper still owes waits in a collection of its own, for Medusa's payment link.
    const owed = after.collections.filter((collection) => collection.status === "not_paid")
    expect(owed.map((collection) => minor(collection.amount))).toEqual([newTotal - minor(placed.total)])
    expect(after.order.payment_status).toBe("partially_authorized")

    // The shopper pays the difference later through Medusa's payment link (the link page's store routes).
    const link = after.collections.find((collection) => collection.status === "not_paid")!
    const storeHeaders = { headers: { "x-publishable-api-key": suite.store.publishableKey } }
    const { data: page } = await api.get(`/store/bnpl/payment-collections/${link.id}?order_id=${placed.orderId}`, storeHeaders)
    expect(page.payment_collection.amount_minor).toBe(newTotal - minor(placed.total))
    const { data: started } = await api.post(
      `/store/payment-collections/${link.id}/payment-sessions`,
      { provider_id: suite.store.providers.uk },
      storeHeaders,
    )
    const session = started.payment_collection.payment_sessions.find((candidate: any) => candidate.provider_id === suite.store.providers.uk)
    const back = await consumerChooses(session.data.redirectCheckoutUrl, "confirm")
    const returned = await api.get(pathAndQuery(back), { maxRedirects: 0, validateStatus: () => true })
    expect(String(returned.headers.location)).toContain(`/order/${placed.orderId}/confirmed`)
    const approvals = (await control.ledger()).auths
      .filter((entry) => entry.status === "APPROVED")
      .map((entry) => minor(entry.amount.amount))
    expect(approvals).toEqual([minor(placed.total), newTotal - minor(placed.total)])
    const paid = await orderOf(placed)
    expect(paid.order.payment_status).toBe("authorized")
    expect(paid.live.map((payment: any) => minor(payment.amount)).sort()).toEqual(
      [newTotal - minor(placed.total), minor(placed.total)].sort(),
    )

    // The admin's Capture takes what each approval covers, once.
    for (const payment of paid.live) expect((await api.post(`/admin/payments/${payment.id}/capture`, {}, admin())).status).toBe(200)
    const captures = (await control.ledger()).captures.map((entry) => minor(entry.amount.amount)).sort()
    expect(captures).toEqual([newTotal - minor(placed.total), minor(placed.total)].sort())
    expect((await orderOf(placed)).order.payment_status).toBe("captured")
  })

  it("a second edit while the difference is owed: one collection owes the new difference; lowered below the approval, nothing is owed and only the excess is voided", async () => {
    const placed = await placeOrder(api, getContainer(), suite.store)
    const approved = minor(placed.total)
    await editQuantity(placed, 3)
    const first = await carried(placed)
    await editQuantity(placed, 4)
    const second = await moved(placed, first.live[0].id)
    expect(minor(second.live[0].amount)).toBe(approved)
    const owedNow = second.collections
      .filter((collection) => collection.status === "not_paid")
      .map((collection) => minor(collection.amount))
    expect(owedNow).toEqual([minor(second.order.total) - approved])
    expect((await control.ledger()).voids).toEqual([])

    await editQuantity(placed, 1)
    const third = await moved(placed, second.live[0].id)
    const lowered = minor(third.order.total)
    expect(minor(third.live[0].amount)).toBe(lowered)
    expect(third.collections.filter((collection) => collection.status === "not_paid")).toEqual([])
    expect(third.order.payment_status).toBe("authorized")
    expect((await control.ledger()).voids.map((entry) => minor(entry.amount.amount))).toEqual([approved - lowered])
  })

  it("an exchange on a fulfilled, uncaptured order with a difference owed keeps the approval and leaves the difference to the link", async () => {
    const placed = await placeOrder(api, getContainer(), suite.store)
    await fulfilAndShip(api, suite.store, placed, admin())
    const started = await api.post("/admin/exchanges", { order_id: placed.orderId }, admin())
    expect([started.status, started.data?.message]).toEqual([200, undefined])
    const exchange = `/admin/exchanges/${started.data.exchange.id}`
    const inbound = await api.post(`${exchange}/inbound/items`, { items: [{ id: placed.items[0].id, quantity: 1 }] }, admin())
    expect([inbound.status, inbound.data?.message]).toEqual([200, undefined])
    const outbound = await api.post(
      `${exchange}/outbound/items`,
      { items: [{ variant_id: suite.store.variants.tote, quantity: 2 }] },
      admin(),
    )
    expect([outbound.status, outbound.data?.message]).toEqual([200, undefined])
    const confirmed = await api.post(`${exchange}/request`, {}, admin())
    expect([confirmed.status, confirmed.data?.message]).toEqual([200, undefined])

    const after = await carried(placed)
    const approved = minor(placed.total)
    expect(minor(after.live[0].amount)).toBe(approved)
    expect((await control.ledger()).voids).toEqual([])
    const owed = after.collections.filter((collection) => collection.status === "not_paid").map((collection) => minor(collection.amount))
    expect(owed).toEqual([minor(after.order.summary.pending_difference) - approved])
    expect(owed[0]).toBeGreaterThan(0)
  })

  /** A captured, fulfilled order; then what Medusa's admin does for a return of one item, received. */
  async function capturedAndShipped(): Promise<PlacedOrder> {
    const placed = await placeOrder(api, getContainer(), suite.store)
    expect((await api.post(`/admin/payments/${placed.paymentId}/capture`, {}, admin())).status).toBe(200)
    await fulfilAndShip(api, suite.store, placed, admin())
    return placed
  }
  const ok = (answer: { status: number; data?: any }) => expect([answer.status, answer.data?.message]).toEqual([200, undefined])
  /** The refund the admin's Refund dialog sends for what Medusa says the order owes back; the service's refunds of the order after it. */
  async function refundWhatIsDue(placed: PlacedOrder) {
    const due = -minor((await orderOf(placed)).order.summary.pending_difference)
    expect(due).toBeGreaterThan(0)
    ok(await api.post(`/admin/payments/${placed.paymentId}/refund`, { amount: due / 100, note: "returned goods" }, admin()))
    return { due, refunds: (await control.ledger()).refunds.filter((entry) => entry.orderId === placed.serviceOrderId) }
  }
  /** The admin receives `quantity` of the order's first line on the return at `returned` (its admin path). */
  async function receive(returned: string, placed: PlacedOrder, quantity: number): Promise<void> {
    ok(await api.post(`${returned}/receive`, {}, admin()))
    ok(await api.post(`${returned}/receive-items`, { items: [{ id: placed.items[0].id, quantity }] }, admin()))
    ok(await api.post(`${returned}/receive/confirm`, {}, admin()))
  }

  it("a return received and refunded: the service refunds exactly what Medusa records, with the note", async () => {
    const placed = await capturedAndShipped()
    const started = await api.post("/admin/returns", { order_id: placed.orderId, location_id: suite.store.stockLocationId }, admin())
    ok(started)
    const returned = `/admin/returns/${started.data.return.id}`
    ok(await api.post(`${returned}/request-items`, { items: [{ id: placed.items[0].id, quantity: 1 }] }, admin()))
    ok(await api.post(`${returned}/request`, {}, admin()))
    await receive(returned, placed, 1)
    const { due, refunds } = await refundWhatIsDue(placed)
    expect(refunds.map((entry) => minor(entry.amount.amount))).toEqual([due])
    expect(refunds[0].refundMerchantReference).toMatch(/returned goods/)
    expect((await readPayment(getContainer(), placed.paymentId)).refunds.map((refund: any) => minor(refund.amount))).toEqual([due])
  })

  it("a claim with a refund: the service refunds exactly what Medusa records", async () => {
    const placed = await capturedAndShipped()
    const started = await api.post("/admin/claims", { order_id: placed.orderId, type: "refund" }, admin())
    ok(started)
    const claim = `/admin/claims/${started.data.claim.id}`
    ok(await api.post(`${claim}/inbound/items`, { items: [{ id: placed.items[0].id, quantity: 1 }] }, admin()))
    ok(await api.post(`${claim}/request`, {}, admin()))
    const { due, refunds } = await refundWhatIsDue(placed)
    expect(refunds.map((entry) => minor(entry.amount.amount))).toEqual([due])
  })

  it("an exchange after capture with a difference due: once the goods are back, the service refunds exactly the difference", async () => {
    const placed = await capturedAndShipped()
    const started = await api.post("/admin/exchanges", { order_id: placed.orderId }, admin())
    ok(started)
    const exchange = `/admin/exchanges/${started.data.exchange.id}`
    ok(
      await api.post(
        `${exchange}/inbound/items`,
        { items: [{ id: placed.items[0].id, quantity: 2 }], location_id: suite.store.stockLocationId },
        admin(),
      ),
    )
    ok(await api.post(`${exchange}/outbound/items`, { items: [{ variant_id: suite.store.variants.tote, quantity: 1 }] }, admin()))
    const confirmed = await api.post(`${exchange}/request`, {}, admin())
    ok(confirmed)
    const returnId = confirmed.data.exchange?.return_id ?? confirmed.data.order_preview?.returns?.[0]?.id ?? started.data.exchange.return_id
    const returned = `/admin/returns/${returnId}`
    await receive(returned, placed, 2)
    const { due, refunds } = await refundWhatIsDue(placed)
    expect(refunds.map((entry) => minor(entry.amount.amount))).toEqual([due])
    // Nothing was voided or captured again for the exchange: the approval was captured in full.
    expect((await control.ledger()).captures.filter((entry) => entry.orderId === placed.serviceOrderId)).toHaveLength(1)
  })

  it("an edit whose void of the difference gets no answer: the job's repair finishes it, and the difference is voided once", async () => {
    const placed = await placeOrder(api, getContainer(), suite.store)
    await control.fault({ endpoint: "void", kind: "lost_response", times: 20 })
    await editQuantity(placed, 1)
    // The subscriber's attempt met only lost answers: the approval is not on a payment yet.
    await eventually(async () => ((await control.ledger()).voids.length > 0 ? true : undefined), 30_000)
    await control.clearFaults()
    await repairOrderChanges(getContainer())
    const after = await carried(placed)
    const newTotal = minor(after.order.total)
    expect(minor(after.live[0].amount)).toBe(newTotal)
    expect(after.order.payment_status).toBe("authorized")
    const voids = (await control.ledger()).voids.filter((entry) => entry.orderId === placed.serviceOrderId)
    expect(voids.map((entry) => minor(entry.amount.amount))).toEqual([minor(placed.total) - newTotal])
  })

  it("an order cancelled after an edit voids the carried approval at the service", async () => {
    const placed = await placeOrder(api, getContainer(), suite.store)
    await editQuantity(placed, 1)
    await carried(placed)
    const canceled = await api.post(`/admin/orders/${placed.orderId}/cancel`, {}, admin())
    expect(canceled.status).toBe(200)
    const payment = await eventually(async () => {
      const read = await control.ledger()
      const state = read.payments.find((entry) => entry.id === placed.serviceOrderId)?.paymentState
      return state === "VOIDED" ? state : undefined
    }, 30_000)
    expect(payment).toBe("VOIDED")
  })
}
