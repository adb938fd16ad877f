import { Modules } from "@medusajs/framework/utils"
import { checkAuthorizationExpiry } from "../../../src/operations/authorization-expiry"
import { reconcilePayments } from "../../../src/operations/reconcile"
import { BNPL_RECORDS_MODULE } from "../../../src/modules/bnpl-records"
import { eventually, fulfilAndShip, placeOrder, readPayment } from "../../support/place-order"
import { readCourierSyncErrors } from "../../../src/runtime/records/courier-sync-errors"
import type { StoreSuite } from "../../support/store-suite"

/**
 * Issue 34, item 3: a service whose data was reset (a sandbox started empty beside a kept
 * database) gives its order ids out again, so a Medusa payment's `orderId` may name another
 * checkout's payment. The plugin refuses to act on it or show it: capture, refund, void, the
 * admin's views, the expiry job, and reconciliation tell the two apart by the checkout token.
 */
export default function paymentIdentityTests(suite: StoreSuite): void {
  const mismatch =
    /medusa-payment-bnpl: service order 1000000000\d\d is not this payment's: the service made it from checkout \S+, and this payment's checkout is \S+\. Nothing was done with it\./

  it("the earlier run's payments are refused by capture, refund, void and the admin views; the new run's are untouched", async () => {
    const { api, getContainer, control } = suite
    const admin = suite.admin
    const call = (method: "get" | "post", url: string) =>
      method === "get"
        ? api.get(url, { ...admin, validateStatus: () => true })
        : api.post(url, {}, { ...admin, validateStatus: () => true })

    // The first run: order A captured, order B authorised.
    const a = await placeOrder(api, getContainer(), suite.store)
    expect((await call("post", `/admin/payments/${a.paymentId}/capture`)).status).toBe(200)
    const b = await placeOrder(api, getContainer(), suite.store)
    // The service starts empty; the second run's orders get the same service order ids.
    await control.reset()
    const c = await placeOrder(api, getContainer(), suite.store)
    const d = await placeOrder(api, getContainer(), suite.store)
    expect([c.serviceOrderId, d.serviceOrderId]).toEqual([a.serviceOrderId, b.serviceOrderId])
    expect((await call("post", `/admin/payments/${c.paymentId}/capture`)).status).toBe(200)
    const before = await control.ledger()
    expect(before.captures).toHaveLength(1)

    // The admin's order views: said as such, nothing of the other checkout's payment merged.
    for (const order of [a, b]) {
      const views = await call("get", `/admin/bnpl/orders/${order.orderId}/payments`)
      expect(views.status).toBe(200)
      const [view] = views.data.payments
      expect(view.mismatch).toMatch(mismatch)
      expect(view).toMatchObject({ stateSource: "medusa", differences: [], actions: { captureRest: false, voidRest: false } })
      expect(view.service).toMatchObject({ reason: "payment_mismatch" })
      const refreshed = await call("post", `/admin/bnpl/payments/${order.paymentId}/refresh`)
      expect(refreshed.data.payment.mismatch).toMatch(mismatch)
    }
    // Order B is authorised in Medusa; the service's payment of its id (order D's) is captured by nobody yet.
    const bView = (await call("get", `/admin/bnpl/orders/${b.orderId}/payments`)).data.payments[0]
    expect(bView.state).toBe("authorised")
    // The new run's own orders read the service as ever.
    const cView = (await call("get", `/admin/bnpl/orders/${c.orderId}/payments`)).data.payments[0]
    expect(cView).toMatchObject({ mismatch: null, stateSource: "service", state: "captured", differences: [] })

    // Capture of B, refund of A, void of B: refused with the words, nothing sent.
    const capture = await call("post", `/admin/payments/${b.paymentId}/capture`)
    expect(capture.status).toBe(400)
    expect(capture.data.message).toMatch(mismatch)
    const refund = await api.post(`/admin/payments/${a.paymentId}/refund`, { amount: 5 }, { ...admin, validateStatus: () => true })
    expect(refund.status).toBe(400)
    expect(refund.data.message).toMatch(mismatch)
    await expect(getContainer().resolve(Modules.PAYMENT).cancelPayment(b.paymentId)).rejects.toThrow(mismatch)
    // Medusa's cancel-order logs a refused void and cancels the order anyway; the void is never sent to order D's payment.
    expect((await call("post", `/admin/orders/${b.orderId}/cancel`)).status).toBe(200)
    expect((await readPayment(getContainer(), b.paymentId)).canceled_at).toBeNull()

    // The hourly job, which voids what a canceled order left authorised: not order D's payment; the reason is reported.
    const expiry = await checkAuthorizationExpiry(getContainer())
    expect(expiry.errors).toEqual(
      expect.arrayContaining([expect.objectContaining({ paymentId: b.paymentId, message: expect.stringMatching(mismatch) })]),
    )

    const after = await control.ledger()
    expect([after.captures.length, after.refunds.length]).toEqual([1, 0])
    expect(after.voids.map((entry) => entry.orderId)).not.toContain(d.serviceOrderId)
    expect(after.payments.find((payment) => payment.id === d.serviceOrderId)?.paymentState).toBe("AUTH_APPROVED")

    // Reconciliation knows the new run's payments by their own sessions' tokens: no orphan.
    const report = await reconcilePayments(getContainer(), { now: new Date(Date.now() + 100 * 60 * 1000) })
    expect(report.orphaned).toEqual([])
  })

  it("a restored database, and a reset sandbox: capture, refund, void and the shipment's courier update refuse another checkout's order with nothing moved (issue 49)", async () => {
    const { api, getContainer, control } = suite
    const admin = suite.admin
    const a = await placeOrder(api, getContainer(), suite.store)
    expect((await api.post(`/admin/payments/${a.paymentId}/capture`, {}, admin)).status).toBe(200)
    const b = await placeOrder(api, getContainer(), suite.store)
    const shipB = await placeOrder(api, getContainer(), suite.store)
    // The sandbox starts empty; the new run's orders are given the same service order ids.
    await control.reset()
    const reissued = [
      await placeOrder(api, getContainer(), suite.store),
      await placeOrder(api, getContainer(), suite.store),
      await placeOrder(api, getContainer(), suite.store),
    ]
    expect(reissued.map((order) => order.serviceOrderId)).toEqual([a.serviceOrderId, b.serviceOrderId, shipB.serviceOrderId])

    const refusedByRecord = async (expectedReads: number) => {
      const before = (await control.ledger()).requests
      const capture = await api.post(`/admin/payments/${b.paymentId}/capture`, {}, { ...admin, validateStatus: () => true })
      expect([capture.status, capture.data.message]).toEqual([400, expect.stringMatching(mismatch)])
      const refund = await api.post(`/admin/payments/${a.paymentId}/refund`, { amount: 5 }, { ...admin, validateStatus: () => true })
      expect([refund.status, refund.data.message]).toEqual([400, expect.stringMatching(mismatch)])
      await expect(getContainer().resolve(Modules.PAYMENT).cancelPayment(b.paymentId)).rejects.toThrow(mismatch)
      const after = await control.ledger()
      expect([after.captures.length, after.refunds.length, after.voids.length]).toEqual([0, 0, 0])
      expect((after.requests.getPayment ?? 0) - (before.getPayment ?? 0)).toBe(expectedReads)
    }
    // A reset sandbox: the new approvals replaced the identities of those ids, so the earlier
    // run's payments are refused by the record, before any call.
    await refusedByRecord(0)

    // A restored database (a backup from before the identities were recorded): nothing names
    // the orders, so each call reads Get Payment first, and refuses.
    const records = getContainer().resolve<Record<string, (...args: any[]) => Promise<any>>>(BNPL_RECORDS_MODULE)
    const identities = await records.listPaymentIdentities({}, { take: null })
    // One per service order id: the new run's approvals replaced the earlier run's.
    const newTokens = await Promise.all(
      reissued.map(async (order) => ((await readPayment(getContainer(), order.paymentId)).data as { token: string }).token),
    )
    expect(identities.map((identity: { token: string }) => identity.token).sort()).toEqual(newTokens.sort())
    await records.deletePaymentIdentities(identities.map((identity: { id: string }) => identity.id))
    await refusedByRecord(3)

    // The shipment of the earlier run's order: its courier details never reach the new run's order.
    const fulfillmentId = await fulfilAndShip(api, suite.store, shipB, admin)
    const [syncError] = await eventually(async () => {
      const errors = await readCourierSyncErrors([fulfillmentId])
      return errors.length ? errors : undefined
    }, 30_000)
    expect(JSON.stringify(syncError)).toMatch(mismatch)
    expect((await control.ledger()).courierUpdates).toHaveLength(0)
    expect((await control.ledger()).payments.map((payment) => payment.paymentState)).toEqual([
      "AUTH_APPROVED",
      "AUTH_APPROVED",
      "AUTH_APPROVED",
    ])
  })
}
