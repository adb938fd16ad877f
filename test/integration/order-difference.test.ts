import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { consumerChooses, pathAndQuery } from "../../harness/shopper"
import { formatAmount, paymentLinkPath, readPayLaterReturn, readPaymentLink, startPayLaterForPaymentLink } from "../../src/storefront"
import { completePendingOrderCollections } from "../../src/operations/pending-order-collections"
import { editOrderAddingItem, exchangeFirstLine, orderCollections, owedCollection, placeCapturedSystemOrder } from "../support/order-edit"
import { describeStore } from "../support/store-suite"

jest.setTimeout(240_000)

/**
 * Issue 44, item 1: what the shopper owes after an order edit, paid later through Medusa's
 * own payment link (`/payment-collection/{id}?order_id=`) and the plugin's store routes.
 */
describeStore({}, (suite) => {
  const { api, getContainer, control } = suite
  const storeHeaders = () => ({ headers: { "x-publishable-api-key": suite.store.publishableKey } })

  /** A system-paid, captured order, edited to add one more tote (45.00): the order and the collection owed. */
  async function orderOwingADifference() {
    const { orderId } = await placeCapturedSystemOrder(api, suite.store, suite.admin)
    await editOrderAddingItem(api, suite.admin, orderId, suite.store.variants.tote)
    return { orderId, owed: await owedCollection(getContainer(), orderId) }
  }

  /** What the shopper's pay-later button does on the link page: a session on the order's collection. */
  async function payLaterSession(collectionId: string) {
    const { data } = await api.post(
      `/store/payment-collections/${collectionId}/payment-sessions`,
      { provider_id: "pp_bnpl_bnpl" },
      storeHeaders(),
    )
    return (data.payment_collection.payment_sessions as Array<Record<string, any>>).find(
      (session) => session.provider_id === "pp_bnpl_bnpl",
    )!
  }

  const sessionsOf = async (collectionId: string) => {
    const { data } = await getContainer()
      .resolve(ContainerRegistrationKeys.QUERY)
      .graph({ entity: "payment_collection", fields: ["payment_sessions.id"], filters: { id: collectionId } })
    return ((data[0] as any)?.payment_sessions ?? []) as Array<{ id: string }>
  }

  const returnTo = async (back: URL) => {
    const response = await api.get(pathAndQuery(back), { maxRedirects: 0, validateStatus: () => true })
    return { status: response.status, location: String(response.headers.location) }
  }

  it("the difference of an edit is paid later through the link: one approval of exactly the difference, the collection authorized, the payment in the order; pressing return twice approves once", async () => {
    const { orderId, owed } = await orderOwingADifference()
    expect(owed.amount).toBeGreaterThan(0)
    const difference = owed.amount.toFixed(2)

    const { data: page } = await api.get(`/store/bnpl/payment-collections/${owed.id}?order_id=${orderId}`, storeHeaders())
    expect(page).toMatchObject({
      payment_collection: {
        id: owed.id,
        status: "not_paid",
        amount: difference,
        amount_minor: Math.round(owed.amount * 100),
        currency_code: "gbp",
        payable: true,
      },
      order: { id: orderId },
      pay_later: { eligible: true, currency: "GBP", provider_id: "pp_bnpl_bnpl" },
    })

    // The order's lines as they are now: two totes, whether the edit added a line or a quantity.
    const totes = (page.order.items as Array<Record<string, any>>).filter((item) => item.title === "Canvas Tote - One size")
    expect(totes.reduce((sum, item) => sum + item.quantity, 0)).toBe(2)
    expect(totes[0]).toMatchObject({ unit_price: "45.00", unit_price_minor: 4500 })

    const session = await payLaterSession(owed.id)
    expect(session.status).toBe("pending_authorization")
    expect(session.data).toMatchObject({
      amount: difference,
      currency: "GBP",
      orderCollection: { paymentCollectionId: owed.id, medusaOrderId: orderId },
    })
    const checkout = (await control.ledger()).checkouts.at(-1)!
    expect(checkout).toMatchObject({ amount: { amount: difference, currency: "GBP" }, merchantReference: owed.id })

    const back = await consumerChooses(session.data.redirectCheckoutUrl, "confirm")
    expect(back.pathname).toBe("/bnpl/return")
    expect(back.searchParams.get("payment_collection_id")).toBe(owed.id)
    const first = await returnTo(back)
    expect(first.status).toBe(303)
    expect(first.location).toContain(`/order/${orderId}/confirmed`)
    const again = await returnTo(back)
    expect(again.location).toContain(`/order/${orderId}/confirmed`)

    const ledger = await control.ledger()
    expect(ledger.auths).toEqual([expect.objectContaining({ status: "APPROVED", amount: { amount: difference, currency: "GBP" } })])
    const paid = (await orderCollections(getContainer(), orderId)).find((collection) => collection.id === owed.id)!
    expect(paid.status).toBe("authorized")
    expect(paid.payments).toEqual([expect.objectContaining({ provider_id: "pp_bnpl_bnpl", amount: owed.amount, canceled_at: null })])
    expect(paid.payments[0].data).toMatchObject({ orderId: ledger.auths[0].paymentId })
    // The admin's order page lists it among the order's payments.
    const { data: admin } = await api.get(`/admin/orders/${orderId}?fields=id,*payment_collections.payments`, suite.admin)
    const adminPayments = admin.order.payment_collections.flatMap((collection: any) => collection.payments ?? [])
    expect(adminPayments.map((payment: any) => payment.provider_id)).toContain("pp_bnpl_bnpl")

    // The order page's Pay later box shows the difference's payment, authorised for exactly it.
    const { data: box } = await api.get(`/admin/bnpl/orders/${orderId}/payments`, suite.admin)
    expect(box.payments).toEqual([
      expect.objectContaining({
        serviceOrderId: ledger.auths[0].paymentId,
        currency: "GBP",
        amounts: expect.objectContaining({ authorised: difference, captured: "0.00" }),
      }),
    ])

    // The admin's Capture button takes exactly the difference at the service.
    const captured = await api.post(`/admin/payments/${paid.payments[0].id}/capture`, {}, { ...suite.admin, validateStatus: () => true })
    expect(captured.status).toBe(200)
    expect((await control.ledger()).captures).toEqual([
      expect.objectContaining({ orderId: ledger.auths[0].paymentId, amount: { amount: difference, currency: "GBP" } }),
    ])
    const { data: after } = await api.get(`/admin/orders/${orderId}?fields=id,payment_status`, suite.admin)
    expect(after.order.payment_status).toBe("captured")
  })

  it("a second edit while the link is open: the return is refused with amount_changed, nothing authorised in Medusa or at the service", async () => {
    const { orderId, owed } = await orderOwingADifference()
    const session = await payLaterSession(owed.id)
    const back = await consumerChooses(session.data.redirectCheckoutUrl, "confirm")
    await editOrderAddingItem(api, suite.admin, orderId, suite.store.variants.teaTowel)
    const changed = await owedCollection(getContainer(), orderId)
    expect(changed.id).toBe(owed.id)
    expect(changed.amount).toBeGreaterThan(owed.amount)

    const returned = await returnTo(back)
    expect(returned.status).toBe(303)
    expect(returned.location).toContain(`/payment-collection/${owed.id}?order_id=${orderId}`)
    expect(returned.location).toContain("bnpl_error=amount_changed")
    expect((await control.ledger()).auths).toEqual([])
    const after = (await orderCollections(getContainer(), orderId)).find((collection) => collection.id === owed.id)!
    expect(after.status).toBe("not_paid")
    expect(after.payments).toEqual([])
    // The job does not authorise it either: the session is gone.
    expect((await completePendingOrderCollections(getContainer())).completed).toEqual([])
    expect((await control.ledger()).auths).toEqual([])
  })

  it("the tab closed after approving: the job attaches the payment, and a later return lands on the order page without a second approval", async () => {
    const { orderId, owed } = await orderOwingADifference()
    const session = await payLaterSession(owed.id)
    const back = await consumerChooses(session.data.redirectCheckoutUrl, "confirm")

    const report = await completePendingOrderCollections(getContainer())
    expect(report.completed).toEqual([{ paymentCollectionId: owed.id, orderId }])
    const paid = (await orderCollections(getContainer(), orderId)).find((collection) => collection.id === owed.id)!
    expect(paid.status).toBe("authorized")
    expect(paid.payments).toHaveLength(1)

    expect((await returnTo(back)).location).toContain(`/order/${orderId}/confirmed`)
    expect((await control.ledger()).auths).toHaveLength(1)
  })

  it("the link page answers only with the collection's own order: another order's id gets the unknown collection's 404, and a bad id a 400 naming the field", async () => {
    const { orderId, owed } = await orderOwingADifference()
    const { orderId: otherOrderId } = await placeCapturedSystemOrder(api, suite.store, suite.admin)
    const ask = (path: string) => api.get(path, { ...storeHeaders(), validateStatus: () => true })
    const other = await ask(`/store/bnpl/payment-collections/${owed.id}?order_id=${otherOrderId}`)
    const unknown = await ask(`/store/bnpl/payment-collections/pay_col_01JABCDEFGHJKMNPQRSTVWXYZ0?order_id=${orderId}`)
    expect(other.status).toBe(404)
    expect(other.data).toEqual(unknown.data)
    const malformed = await ask(`/store/bnpl/payment-collections/${owed.id}?order_id=nope`)
    expect(malformed.status).toBe(400)
    expect(malformed.data.message).toContain("order_id must be a order id")
    // Without the publishable key the store answers as for any store route.
    expect((await api.get(`/store/bnpl/payment-collections/${owed.id}?order_id=${orderId}`, { validateStatus: () => true })).status).toBe(
      400,
    )
  })

  it("two tabs returning at once approve once; the paid collection takes no new session; a cancelled return authorises nothing", async () => {
    const { orderId, owed } = await orderOwingADifference()
    const cancelled = await payLaterSession(owed.id)
    const cancelledBack = await consumerChooses(cancelled.data.redirectCheckoutUrl, "cancel")
    const cancelledReturn = await returnTo(cancelledBack)
    expect(cancelledReturn.location).toContain(`/payment-collection/${owed.id}?order_id=${orderId}&bnpl_error=cancelled`)
    // The cancelled checkout's session is gone: neither the job nor a replay sends its Auth.
    expect(await sessionsOf(owed.id)).toEqual([])

    const session = await payLaterSession(owed.id)
    const back = await consumerChooses(session.data.redirectCheckoutUrl, "confirm")
    const [one, two] = await Promise.all([returnTo(back), returnTo(back)])
    // Each tab lands on the order page, or (the other holding the lock) on the link page's processing state.
    for (const tab of [one, two]) expect(tab.location).toMatch(new RegExp(`/order/${orderId}/confirmed|bnpl_status=processing`))
    expect((await control.ledger()).auths).toHaveLength(1)
    const paid = (await orderCollections(getContainer(), orderId)).find((collection) => collection.id === owed.id)!
    expect(paid.payments).toHaveLength(1)

    const again = await api.post(
      `/store/payment-collections/${owed.id}/payment-sessions`,
      { provider_id: "pp_bnpl_bnpl" },
      { ...storeHeaders(), validateStatus: () => true },
    )
    expect(again.status).toBe(400)
    expect(again.data.message).toContain("is authorized: only a collection still owed (not_paid or awaiting) can be paid later")
  })

  it("a difference above the account's maximum is refused when the session is made, naming the limit, and nothing reaches the service", async () => {
    const { owed } = await orderOwingADifference()
    await control.setLimits("sandbox-uk-merchant", "1.00", "10.00")
    await api.post("/admin/bnpl/configuration/refresh", {}, suite.admin)
    const checkoutsBefore = (await control.ledger()).checkouts.length
    const refused = await api.post(
      `/store/payment-collections/${owed.id}/payment-sessions`,
      { provider_id: "pp_bnpl_bnpl" },
      { ...storeHeaders(), validateStatus: () => true },
    )
    expect(refused.status).toBeGreaterThanOrEqual(400)
    expect(refused.status).toBeLessThan(500)
    expect(refused.data).toMatchObject({ code: "not_eligible", message: expect.stringContaining("above the maximum of 10.00 GBP") })
    expect((await control.ledger()).checkouts).toHaveLength(checkoutsBefore)
  })

  it("the storefront kit serves Medusa's payment link: reads the amount owed and the lines, pays later, and the return lands on the order page; another order's link reads as not found", async () => {
    const { orderId, owed } = await orderOwingADifference()
    const kit = { baseUrl: api.defaults.baseURL!, publishableKey: suite.store.publishableKey }
    expect(paymentLinkPath(owed.id, orderId)).toBe(`/payment-collection/${owed.id}?order_id=${orderId}`)

    const read = await readPaymentLink(kit, owed.id, orderId)
    if (!("link" in read)) throw new Error(`the link was not read: ${JSON.stringify(read)}`)
    expect(formatAmount(BigInt(read.link.payment_collection.amount_minor), read.link.payment_collection.currency_code, "en-GB")).toBe(
      `£${owed.amount.toFixed(2)}`,
    )
    expect(read.link.pay_later.eligible).toBe(true)
    const { orderId: otherOrderId } = await placeCapturedSystemOrder(api, suite.store, suite.admin)
    expect(await readPaymentLink(kit, owed.id, otherOrderId)).toEqual({ error: { reason: "link_not_found", message: expect.any(String) } })

    const started = await startPayLaterForPaymentLink(kit, owed.id, { providerId: read.link.pay_later.provider_id })
    if (!("redirectUrl" in started)) throw new Error(`pay later did not start: ${JSON.stringify(started)}`)
    const declined = await returnTo(await consumerChooses(started.redirectUrl, "decline"))
    const page = new URL(declined.location, "https://shop.invalid")
    expect(page.pathname).toBe(`/payment-collection/${owed.id}`)
    expect(readPayLaterReturn(page.searchParams)).toEqual({ kind: "error", reason: "declined" })
    expect(await sessionsOf(owed.id)).toEqual([])

    const again = await startPayLaterForPaymentLink(kit, owed.id, { providerId: read.link.pay_later.provider_id })
    if (!("redirectUrl" in again)) throw new Error(`pay later did not start again: ${JSON.stringify(again)}`)
    expect((await returnTo(await consumerChooses(again.redirectUrl, "confirm"))).location).toContain(`/order/${orderId}/confirmed`)
    const paid = (await orderCollections(getContainer(), orderId)).find((collection) => collection.id === owed.id)!
    expect(paid.status).toBe("authorized")
  })

  it("a collection no order or cart has, and one that owes nothing, are refused when the session is made, and nothing reaches the service", async () => {
    const paymentModule = getContainer().resolve(Modules.PAYMENT)
    const [loose] = await paymentModule.createPaymentCollections([{ currency_code: "gbp", amount: 20 }])
    const create = (collectionId: string) =>
      api.post(
        `/store/payment-collections/${collectionId}/payment-sessions`,
        { provider_id: "pp_bnpl_bnpl" },
        { ...storeHeaders(), validateStatus: () => true },
      )
    const orphan = await create(loose.id)
    expect(orphan.status).toBe(404)
    expect(orphan.data.message).toBe(`No cart or order has the payment collection ${loose.id}.`)

    const { owed } = await orderOwingADifference()
    await paymentModule.updatePaymentCollections(owed.id, { amount: 0 })
    const nothing = await create(owed.id)
    expect(nothing.status).toBe(400)
    expect(nothing.data.message).toBe(`The payment collection ${owed.id} owes 0.00: there is nothing to pay later.`)
    expect((await control.ledger()).checkouts).toEqual([])
  })

  it("an exchange's difference (a tote returned for two) is paid later through the link the same way: one approval of exactly the difference", async () => {
    const { orderId } = await placeCapturedSystemOrder(api, suite.store, suite.admin)
    await exchangeFirstLine(api, suite.admin, suite.store, orderId, { variant_id: suite.store.variants.tote, quantity: 2 })
    const owed = await owedCollection(getContainer(), orderId)
    const difference = owed.amount.toFixed(2)
    expect(difference).toBe("45.00")
    const session = await payLaterSession(owed.id)
    expect((await returnTo(await consumerChooses(session.data.redirectCheckoutUrl, "confirm"))).location).toContain(
      `/order/${orderId}/confirmed`,
    )
    expect((await control.ledger()).auths).toEqual([
      expect.objectContaining({ status: "APPROVED", amount: { amount: difference, currency: "GBP" } }),
    ])
    const paid = (await orderCollections(getContainer(), orderId)).find((collection) => collection.id === owed.id)!
    expect(paid.status).toBe("authorized")
  })

  it("Auth's answer lost on the return: the shopper reads payment_failed, and the job's next run attaches the approval the service gave, with no second approval", async () => {
    const { orderId, owed } = await orderOwingADifference()
    const session = await payLaterSession(owed.id)
    const back = await consumerChooses(session.data.redirectCheckoutUrl, "confirm")
    await control.fault({ endpoint: "auth", kind: "lost_response", times: 10 })
    const lost = await returnTo(back)
    expect(lost.location).toContain(`/payment-collection/${owed.id}?order_id=${orderId}&bnpl_error=payment_failed`)
    await control.clearFaults()
    expect((await orderCollections(getContainer(), orderId)).find((collection) => collection.id === owed.id)!.payments).toEqual([])

    const report = await completePendingOrderCollections(getContainer())
    expect(report.completed).toEqual([{ paymentCollectionId: owed.id, orderId }])
    const ledger = await control.ledger()
    expect(ledger.payments).toHaveLength(1)
    expect(new Set(ledger.auths.map((auth) => auth.paymentId)).size).toBe(1)
    const paid = (await orderCollections(getContainer(), orderId)).find((collection) => collection.id === owed.id)!
    expect(paid.status).toBe("authorized")
    expect(paid.payments[0].data).toMatchObject({ orderId: ledger.payments[0].id })
  })
})
