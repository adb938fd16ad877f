import refreshConfigurationJob from "../../../src/jobs/refresh-configuration"
import { recordReconciliationFindings } from "../../../src/runtime/records/reconciliation-findings"
import { approvedCheckout, eventually, fulfilAndShip, placeOrder } from "../../support/place-order"
import { orphanedServicePayment } from "../../support/orphaned-payment"
import type { StoreSuite } from "../../support/store-suite"
import type { SeededStore } from "../../support/seed-store"

/** The admin routes behind the dashboard's pay later widget and its "Pay later" settings page. */
export default function adminRoutesTests(suite: StoreSuite): void {
  const { api, getContainer, control, sandbox } = suite
  let store: SeededStore
  let admin: { headers: Record<string, string> }
  const call = (method: "get" | "post", url: string, body?: unknown, headers = admin) =>
    method === "get"
      ? api.get(url, { ...headers, validateStatus: () => true })
      : api.post(url, body ?? {}, { ...headers, validateStatus: () => true })

  beforeEach(() => {
    store = suite.store
    admin = suite.admin
  })

  it("refuses every admin route without an admin login, and moves no money", async () => {
    const order = await placeOrder(api, getContainer(), store)
    const anonymous = { headers: {} as Record<string, string> }
    for (const [method, url] of [
      ["get", "/admin/bnpl/accounts"],
      ["get", "/admin/bnpl/jobs"],
      ["get", "/admin/bnpl/reconciliation"],
      ["get", `/admin/bnpl/orders/${order.orderId}/payments`],
      ["post", `/admin/bnpl/payments/${order.paymentId}/capture-rest`],
      ["post", `/admin/bnpl/payments/${order.paymentId}/void-rest`],
      ["post", "/admin/bnpl/reconciliation/void"],
    ] as const) {
      expect([method, url, (await call(method, url, {}, anonymous)).status]).toEqual([method, url, 401])
    }
    const ledger = await control.ledger()
    expect([ledger.captures.length, ledger.voids.length]).toEqual([0, 0])
  })

  it("lists the account with its settings, sandbox badge, ping and limits, never a secret; Refresh limits reads them again", async () => {
    const listed = await call("get", "/admin/bnpl/accounts")
    expect(listed.status).toBe(200)
    expect(listed.data.accounts).toEqual([
      expect.objectContaining({
        id: expect.stringMatching(/^[0-9a-f]{16}$/),
        region: "UK",
        currency: "GBP",
        authScheme: "basic",
        baseUrl: process.env.BNPL_BASE_URL,
        capture: "manual",
        sandbox: true,
        reachable: true,
        limits: expect.objectContaining({
          minimumAmount: { amount: "1.00", currency: "GBP" },
          maximumAmount: { amount: "1000.00", currency: "GBP" },
        }),
      }),
    ])
    expect(JSON.stringify(listed.data)).not.toMatch(/sandbox-uk-secret-key|sandbox-uk-merchant|Basic |Bearer /)
    const { id, limits } = listed.data.accounts[0]

    await control.setLimits("sandbox-uk-merchant", "5.00", "1500.00")
    const requestsBefore = (await control.ledger()).requests
    const refreshed = await call("post", `/admin/bnpl/accounts/${id}/limits/refresh`)
    expect(refreshed.status).toBe(200)
    expect(refreshed.data.account.limits).toEqual(
      expect.objectContaining({
        minimumAmount: { amount: "5.00", currency: "GBP" },
        maximumAmount: { amount: "1500.00", currency: "GBP" },
      }),
    )
    expect(Date.parse(refreshed.data.account.limits.fetchedAt)).toBeGreaterThanOrEqual(Date.parse(limits.fetchedAt))
    expect(JSON.stringify((await control.ledger()).requests)).not.toBe(JSON.stringify(requestsBefore))
    // The store's eligibility uses the new limits at once.
    expect((await call("get", "/admin/bnpl/accounts")).data.accounts[0].limits.maximumAmount.amount).toBe("1500.00")

    const withQuery = await call("get", "/admin/bnpl/accounts?secretKey=x")
    expect(withQuery.status).toBe(400)
    expect(withQuery.data.message).toMatch(/query parameter secretKey is not accepted/)
    expect((await call("post", "/admin/bnpl/accounts/0123456789abcdef/limits/refresh")).status).toBe(404)
    const malformed = await call("post", "/admin/bnpl/accounts/not-an-account/limits/refresh")
    expect(malformed.status).toBe(400)
    expect(malformed.data.message).toMatch(/account_id/)
    const extra = await call("post", `/admin/bnpl/accounts/${id}/limits/refresh`, { maximumAmount: "99999" })
    expect(extra.status).toBe(400)
    expect(extra.data.message).toMatch(/maximumAmount/)
  })

  it("lists each job's last run: not run yet, then the limits job's outcome", async () => {
    const before = await call("get", "/admin/bnpl/jobs")
    expect(before.status).toBe(200)
    expect(before.data.jobs.map((entry: any) => entry.job)).toEqual([
      "refresh-configuration",
      "reconcile-payments",
      "authorization-expiry",
      "complete-pending-carts",
      "repair-orders",
    ])
    expect(before.data.jobs.find((entry: any) => entry.job === "authorization-expiry").lastRun).toBeNull()

    await refreshConfigurationJob(getContainer())
    const after = await call("get", "/admin/bnpl/jobs")
    expect(after.data.jobs.find((entry: any) => entry.job === "refresh-configuration").lastRun).toEqual(
      expect.objectContaining({ outcome: "succeeded", summary: "limits 1.00..1000.00 GBP" }),
    )

    // A run that could not read the service is recorded as failed, with the limits kept in use.
    await control.fault({ endpoint: "configuration", kind: "status", status: 500, times: 10 })
    await refreshConfigurationJob(getContainer())
    await control.clearFaults()
    const failed = (await call("get", "/admin/bnpl/jobs")).data.jobs.find((entry: any) => entry.job === "refresh-configuration").lastRun
    expect(failed).toEqual(
      expect.objectContaining({
        outcome: "failed",
        error: expect.stringMatching(/Get Configuration failed; the limits read at .* stay in use/),
      }),
    )
  })

  it("shows a courier update the service refused on the order's pay later box", async () => {
    const order = await placeOrder(api, getContainer(), store)
    await control.fault({ endpoint: "courier", kind: "status", status: 500, times: 50 })
    const fulfillmentId = await fulfilAndShip(api, store, order, admin)
    const [payment] = await eventually(async () => {
      const { data } = await call("get", `/admin/bnpl/orders/${order.orderId}/payments`)
      return data.payments?.[0]?.courierErrors?.length ? data.payments : undefined
    }, 30_000)
    expect(payment.courier).toBeNull()
    expect(payment.courierErrors).toEqual([
      expect.objectContaining({ fulfillmentId, message: expect.stringMatching(/Update Shipping Courier/) }),
    ])
    await control.clearFaults()
  })

  it("shows an order's pay later payment as authorised, then captured and partly refunded, and refuses the widget's actions that do not apply", async () => {
    const order = await placeOrder(api, getContainer(), store)
    const total = order.total.toFixed(2)
    const first = await call("get", `/admin/bnpl/orders/${order.orderId}/payments`)
    expect(first.status).toBe(200)
    expect(first.data.payments).toEqual([
      expect.objectContaining({
        paymentId: order.paymentId,
        serviceOrderId: order.serviceOrderId,
        state: "authorised",
        stateSource: "service",
        currency: "GBP",
        amounts: { authorised: total, captured: "0.00", refunded: "0.00", openToCapture: total, refundable: "0.00", released: "0.00" },
        expiryWarning: false,
        captureMode: "manual",
        courier: null,
        differences: [],
        mismatch: null,
        actions: { captureRest: false, voidRest: false, refund: false },
      }),
    ])
    // 13 days after approval (docs/service-api.md "What the service does", rule 1).
    const expiresIn = Date.parse(first.data.payments[0].authorizationExpiresAt) - Date.now()
    expect(expiresIn).toBeGreaterThan(12.9 * 24 * 3600 * 1000)
    expect(expiresIn).toBeLessThanOrEqual(13 * 24 * 3600 * 1000)

    // Void the rest is not how an uncaptured payment is voided: Medusa's order cancel is.
    const voidRest = await call("post", `/admin/bnpl/payments/${order.paymentId}/void-rest`)
    expect(voidRest.status).toBe(400)
    expect(voidRest.data.message).toMatch(/cancel the order/)

    expect((await call("post", `/admin/payments/${order.paymentId}/capture`)).status).toBe(200)
    expect((await call("post", `/admin/payments/${order.paymentId}/refund`, { amount: 10 })).status).toBe(200)
    const after = await call("get", `/admin/bnpl/orders/${order.orderId}/payments`)
    expect(after.data.payments[0]).toEqual(
      expect.objectContaining({
        state: "captured",
        amounts: {
          authorised: total,
          captured: total,
          refunded: "10.00",
          openToCapture: "0.00",
          refundable: (order.total - 10).toFixed(2),
          released: "0.00",
        },
        differences: [],
        // Medusa's own Refund covers a payment captured in full; the box offers it too.
        actions: { captureRest: false, voidRest: false, refund: true },
      }),
    )

    // Capture the rest of a captured payment is refused and captures nothing more.
    const captureRest = await call("post", `/admin/bnpl/payments/${order.paymentId}/capture-rest`)
    expect(captureRest.status).toBe(400)
    expect(captureRest.data.message).toMatch(/partly captured/)
    expect((await control.ledger()).captures).toHaveLength(1)

    // "Refresh from the service" reads the payment again.
    const readsBefore = (await control.ledger()).requests
    const refreshed = await call("post", `/admin/bnpl/payments/${order.paymentId}/refresh`)
    expect(refreshed.status).toBe(200)
    expect(refreshed.data.payment.service).toEqual(expect.objectContaining({ paymentState: "CAPTURED", openToCaptureAmount: "0.00" }))
    expect(JSON.stringify((await control.ledger()).requests)).not.toBe(JSON.stringify(readsBefore))

    // Bad ids are refused before anything is read.
    const badOrder = await call("get", "/admin/bnpl/orders/not-an-order/payments")
    expect(badOrder.status).toBe(400)
    expect(badOrder.data.message).toMatch(/order_id/)
    expect((await call("get", "/admin/bnpl/orders/order_01UNKNOWN/payments")).status).toBe(404)
    expect((await call("post", "/admin/bnpl/payments/pay_01UNKNOWN/refresh")).status).toBe(404)
    const withBody = await call("post", `/admin/bnpl/payments/${order.paymentId}/capture-rest`, { amount: 5 })
    expect(withBody.status).toBe(400)
    expect(withBody.data.message).toMatch(/amount/)
  })

  it("exports the day's money records as CSV: each capture and refund with the references the service's settlement file names them by, and the Medusa order", async () => {
    const order = await placeOrder(api, getContainer(), store)
    expect((await call("post", `/admin/payments/${order.paymentId}/capture`, { amount: 20 })).status).toBe(200)
    // A note a spreadsheet would run as a formula: it reaches the service as the refund's settlement reference.
    const note = '=HYPERLINK("http://example.com","open")'
    expect((await call("post", `/admin/payments/${order.paymentId}/refund`, { amount: 5, note })).status).toBe(200)
    const today = new Date().toISOString().slice(0, 10)

    const exported = await call("get", `/admin/bnpl/money-records.csv?day=${today}&account_id=pp_bnpl_bnpl`)
    expect({ status: exported.status, message: exported.data?.message }).toEqual({ status: 200, message: undefined })
    expect(exported.headers["content-type"]).toMatch(/^text\/csv; charset=utf-8/)
    expect(exported.headers["content-disposition"]).toBe(`attachment; filename="bnpl-money-records-${today}-pp_bnpl_bnpl.csv"`)
    expect(exported.headers["cache-control"]).toBe("no-store")
    const [header, ...lines] = String(exported.data).trimEnd().split("\r\n")
    const columns = header.split(",")
    // Cells hold no comma here but the quoted refund reference, read apart.
    const cellsOf = (line: string) =>
      Object.fromEntries(
        (line.match(/("(?:[^"]|"")*"|[^,]*)(,|$)/g) ?? []).slice(0, columns.length).map((cell, index) => [
          columns[index],
          cell
            .replace(/,$/, "")
            .replace(/^"(.*)"$/, "$1")
            .replace(/""/g, '"'),
        ]),
      )
    const rows = lines.map(cellsOf)
    const { data } = await getContainer()
      .resolve("query")
      .graph({ entity: "order", fields: ["id", "display_id"], filters: { id: order.orderId } })
    const ledger = await control.ledger()
    const [capture] = ledger.captures.filter((entry: any) => entry.orderId === order.serviceOrderId)
    const [refund] = ledger.refunds.filter((entry: any) => entry.orderId === order.serviceOrderId)
    const sameOrder = {
      provider_id: "pp_bnpl_bnpl",
      state: "applied",
      currency: "GBP",
      service_order_id: order.serviceOrderId,
      order_id: order.orderId,
      order_display_id: String(data[0].display_id),
      cart_id: order.cartId,
    }
    expect(rows).toEqual([
      expect.objectContaining({
        ...sameOrder,
        kind: "capture",
        amount: "20.00",
        request_id: capture.requestId,
        settlement_reference: capture.paymentEventMerchantReference,
      }),
      expect.objectContaining({
        ...sameOrder,
        kind: "refund",
        amount: "5.00",
        request_id: refund.requestId,
        refund_merchant_reference: refund.merchantReference,
        service_reference: refund.refundId,
      }),
    ])
    // What the settlement file shows, kept as text: the leading ' is the only change.
    expect(rows[1].settlement_reference).toBe(`'${refund.refundMerchantReference}`)
    expect(refund.refundMerchantReference).toMatch(/^=HYPERLINK\("http:\/\/example\.com","open"\) \[\w{12}\]$/)
    expect(new Date(rows[0].created_at).toISOString().slice(0, 10)).toBe(today)

    // Every account's, the same records; another day's, none.
    const all = await call("get", `/admin/bnpl/money-records.csv?day=${today}`)
    expect(all.headers["content-disposition"]).toBe(`attachment; filename="bnpl-money-records-${today}.csv"`)
    expect(all.data).toBe(exported.data)
    expect(String((await call("get", "/admin/bnpl/money-records.csv?day=2020-01-01")).data)).toBe(`${header}\r\n`)

    // The query is parsed before anything is read; the route is the admin's only.
    for (const [query, field] of [
      ["day=2026-02-30", /day must be a date/],
      ["", /day/],
      [`day=${today}&format=xlsx`, /format is not accepted/],
      [`day=${today}&account_id=bogus`, /account_id/],
    ] as const) {
      const refused = await call("get", `/admin/bnpl/money-records.csv?${query}`)
      expect([query, refused.status]).toEqual([query, 400])
      expect(refused.data.message).toMatch(field)
    }
    expect((await call("get", `/admin/bnpl/money-records.csv?day=${today}&account_id=pp_bnpl_other`)).status).toBe(404)
    expect((await call("get", `/admin/bnpl/money-records.csv?day=${today}`, undefined, { headers: {} })).status).toBe(401)
  })

  it("reconciliation findings: Void gives back an approved payment with no order, once; Complete places the order of a confirmed checkout", async () => {
    // 1. A consumer approved at the service for a cart Medusa no longer has.
    const { client, orphan } = await orphanedServicePayment(sandbox())

    // 2. A consumer who confirmed and whose Auth reached the service, but the store never
    //    completed the cart (its answer was lost): the Auth carries the session's own requestId.
    const { cart, session } = await approvedCheckout(api, store)
    const approved = await client.auth({ token: session.data.token, requestId: session.id, merchantReference: cart.id })

    // What the reconciliation job reports for them (src/operations/reconcile.ts, whose own
    // test is in after-order.ts), recorded as the job records it; whether the job voids
    // by itself is an option, so the report is written here as found, nothing voided yet.
    const orphanOf = (payment: typeof orphan, cartId: string) => ({
      orderId: payment.id,
      merchantReference: cartId,
      amount: { amount: payment.originalAmount!.amount, currency: payment.originalAmount!.currency },
      created: payment.created,
      voided: false,
    })
    // 3. An approval whose cart is an order placed without its payment (a crash mid-Auth).
    const unpaid = { orderId: "svc_unpaid_order", merchantReference: "cart_unpaid", medusaOrderId: "order_unpaid", repaired: false }
    const report = { checked: 3, orphaned: [orphanOf(orphan, "cart_lost"), orphanOf(approved, cart.id)], unpaidOrders: [unpaid] }
    await recordReconciliationFindings({ merchantId: "sandbox-uk-merchant", baseUrl: process.env.BNPL_BASE_URL! }, report)

    const listed = await call("get", "/admin/bnpl/reconciliation")
    expect(listed.status).toBe(200)
    expect(listed.data.checked).toBe(3)
    const byId = (data: any, id: string) => data.findings.find((finding: any) => finding.serviceOrderId === id)
    // Never voided: the consumer's order stands and the completion job gives it its payment.
    expect(byId(listed.data, "svc_unpaid_order")).toEqual(
      expect.objectContaining({ kind: "order_without_payment", medusaOrderId: "order_unpaid", actions: { void: false, complete: false } }),
    )
    const refused = await call("post", "/admin/bnpl/reconciliation/void", { service_order_id: "svc_unpaid_order" })
    expect(refused.status).toBe(400)
    expect(refused.data.message).toMatch(/never voided/)
    expect(byId(listed.data, orphan.id)).toEqual(
      expect.objectContaining({
        cartId: "cart_lost",
        kind: "approved_without_order",
        voided: false,
        actions: { void: true, complete: false },
      }),
    )
    expect(byId(listed.data, approved.id)).toEqual(
      expect.objectContaining({ cartId: cart.id, kind: "checkout_not_completed", actions: { void: true, complete: true } }),
    )

    const voided = await call("post", "/admin/bnpl/reconciliation/void", { service_order_id: orphan.id })
    expect(voided.status).toBe(200)
    expect(byId(voided.data, orphan.id)).toEqual(expect.objectContaining({ voided: true, actions: { void: false, complete: false } }))
    const again = await call("post", "/admin/bnpl/reconciliation/void", { service_order_id: orphan.id })
    expect(again.status).toBe(400)
    expect(again.data.message).toMatch(/already voided/)
    const voids = (await control.ledger()).voids
    expect(voids).toHaveLength(1)
    expect(voids[0]).toEqual(expect.objectContaining({ orderId: orphan.id, requestId: `${orphan.id}-orphan-void` }))

    // Only the findings can be voided: not a payment that has its Medusa order.
    const placed = await placeOrder(api, getContainer(), store)
    const notFinding = await call("post", "/admin/bnpl/reconciliation/void", { service_order_id: placed.serviceOrderId })
    expect(notFinding.status).toBe(400)
    expect((await control.ledger()).voids).toHaveLength(1)

    const completed = await call("post", "/admin/bnpl/reconciliation/complete", { cart_id: cart.id })
    expect(completed.status).toBe(200)
    expect(completed.data.order_id).toMatch(/^order_/)
    expect(byId(completed.data, approved.id)).toEqual(
      expect.objectContaining({ completedOrderId: completed.data.order_id, actions: { void: false, complete: false } }),
    )
    // The order holds the payment the service had approved; no second authorisation.
    const orderView = await call("get", `/admin/bnpl/orders/${completed.data.order_id}/payments`)
    expect(orderView.data.payments.map((payment: any) => payment.serviceOrderId)).toEqual([approved.id])
    const paymentsForToken = (await control.ledger()).auths
      .filter((auth: any) => auth.token === session.data.token && auth.status === "APPROVED")
      .map((auth: any) => auth.paymentId)
    expect([...new Set(paymentsForToken)]).toEqual([approved.id])

    const badBody = await call("post", "/admin/bnpl/reconciliation/complete", { cart_id: "not a cart" })
    expect(badBody.status).toBe(400)
    expect(badBody.data.message).toMatch(/cart_id/)
  })
}
