import { pluginAdminRoutes } from "../../support/plugin-routes"
import { placeOrder, readPayment, type PlacedOrder } from "../../support/place-order"
import type { StoreSuite } from "../../support/store-suite"

/**
 * Issue "Money that races", items 7 and 8: a web page the admin has open cannot drive the
 * plugin's admin routes (a form, or a cross-site JSON request), and no route echoes a
 * parameter's name at any length or with markup. Medusa's session cookie has no SameSite
 * outside production and Medusa parses form bodies, so only the plugin's own check stands
 * between a cross-site form and a capture.
 */
export default function hostileRequestsTests(suite: StoreSuite): void {
  const { api, getContainer, control } = suite
  const post = (url: string, body: unknown, headers: Record<string, string>) =>
    api.post(url, body, { headers: { ...suite.admin.headers, ...headers }, validateStatus: () => true, maxRedirects: 0 })

  /** An order with 10.00 of its payment captured: "Capture the rest" has something to take. */
  async function partlyCaptured(): Promise<PlacedOrder> {
    const order = await placeOrder(api, getContainer(), suite.store)
    expect((await post(`/admin/payments/${order.paymentId}/capture`, { amount: 10 }, {})).status).toBe(200)
    return order
  }

  /** What the service and Medusa hold of money moved for the order. */
  async function moneyMoved(order: PlacedOrder) {
    const ledger = await control.ledger()
    const payment = await readPayment(getContainer(), order.paymentId)
    return {
      captures: ledger.captures.length,
      voids: ledger.voids.length,
      refunds: ledger.refunds.length,
      requests: ledger.requests,
      medusaCaptures: payment.captures.length,
    }
  }

  it("a form-encoded or cross-site POST to each plugin admin route is refused (415 / 403) and changes nothing", async () => {
    const order = await partlyCaptured()
    const account = (await api.get("/admin/bnpl/accounts", suite.admin)).data.accounts[0].id as string
    const routes = await pluginAdminRoutes("POST")
    expect(routes).toEqual(
      expect.arrayContaining([
        "/admin/bnpl/payments/:payment_id/capture-rest",
        "/admin/bnpl/payments/:payment_id/void-rest",
        "/admin/bnpl/reconciliation/void",
        "/admin/bnpl/reconciliation/complete",
        "/admin/bnpl/configuration/refresh",
      ]),
    )
    const bodies: Record<string, Record<string, string>> = {
      "/admin/bnpl/reconciliation/void": { service_order_id: order.serviceOrderId },
      "/admin/bnpl/reconciliation/complete": { cart_id: order.cartId },
    }
    const ownOrigin = String(api.defaults.baseURL).replace(/\/+$/, "")
    const before = await moneyMoved(order)

    const answers: string[] = []
    for (const matcher of routes) {
      const url = matcher.replace(":payment_id", order.paymentId).replace(":account_id", account).replace(/:\w+/g, "x")
      const body = bodies[matcher] ?? {}
      const form = new URLSearchParams(body).toString()
      const attempts: Array<[string, unknown, Record<string, string>, number]> = [
        // What a <form method=post> on another site sends with the admin's cookie.
        [
          "cross-site form",
          form,
          { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example", "sec-fetch-site": "cross-site" },
          403,
        ],
        // A form is refused even from the admin's own site, and without any Origin.
        [
          "same-origin form",
          form,
          { "content-type": "application/x-www-form-urlencoded", origin: ownOrigin, "sec-fetch-site": "same-origin" },
          415,
        ],
        ["form without Origin", form, { "content-type": "application/x-www-form-urlencoded" }, 415],
        ["text/plain without Origin", JSON.stringify(body), { "content-type": "text/plain" }, 415],
        ["cross-site JSON", body, { origin: "https://evil.example" }, 403],
        ["opaque-origin JSON", body, { origin: "null" }, 403],
        ["cross-site JSON without Origin", body, { "sec-fetch-site": "cross-site" }, 403],
      ]
      for (const [label, payload, headers, status] of attempts) {
        const answer = await post(url, payload, headers)
        answers.push(`${label} ${matcher}: ${answer.status} ${answer.data?.type}`)
        expect([label, matcher, answer.status]).toEqual([label, matcher, status])
        expect(answer.data).toEqual({
          type: status === 403 ? "forbidden" : "invalid_data",
          message: expect.stringMatching(/^The pay later admin routes /),
        })
      }
    }
    expect(answers.length).toBeGreaterThanOrEqual(routes.length * 7)
    // Nothing reached the service, and Medusa recorded nothing.
    expect(await moneyMoved(order)).toEqual(before)
  })

  it("the admin's own site and a server-to-server JSON POST still capture the rest and refresh", async () => {
    const order = await partlyCaptured()
    const ownOrigin = String(api.defaults.baseURL).replace(/\/+$/, "")
    const sameOrigin = await post(
      `/admin/bnpl/payments/${order.paymentId}/capture-rest`,
      {},
      { origin: ownOrigin, "sec-fetch-site": "same-origin" },
    )
    expect(sameOrigin.status).toBe(200)
    expect(sameOrigin.data.payment.amounts.openToCapture).toBe("0.00")
    expect((await control.ledger()).captures).toHaveLength(2)

    const second = await partlyCaptured()
    const noOrigin = await post(`/admin/bnpl/payments/${second.paymentId}/capture-rest`, {}, {})
    expect(noOrigin.status).toBe(200)
    expect((await control.ledger()).captures).toHaveLength(4)
    // No body and no Content-Type at all (curl -X POST) is not a forged form either.
    const bare = await fetch(`${String(api.defaults.baseURL).replace(/\/+$/, "")}/admin/bnpl/payments/${second.paymentId}/refresh`, {
      method: "POST",
      headers: suite.admin.headers,
    })
    expect(bare.status).toBe(200)
  })

  it("GET /store/bnpl/limits never echoes an unknown parameter's long name or markup", async () => {
    const headers = { "x-publishable-api-key": suite.store.publishableKey }
    const long = "n".repeat(6000)
    for (const name of [long, "%3Cscript%3Ealert(1)%3C%2Fscript%3E", "%3Cscript%3E"]) {
      const answer = await api.get(`/store/bnpl/limits?currency_code=gbp&${name}=1`, { headers, validateStatus: () => true })
      const seen = JSON.stringify(answer.data)
      expect(answer.status).toBe(400)
      expect(answer.data.message).toMatch(/is not a parameter of this route/)
      expect(seen).not.toContain("n".repeat(41))
      expect(seen).not.toContain("<script")
      expect(seen.length).toBeLessThan(400)
    }
    // The eligibility route and the plugin's admin routes bound names the same way.
    const eligibility = await api.get(`/store/bnpl/eligibility?cart_id=cart_01ZZZZZZZZZZZZZZZZZZZZZZZZ&${long}=1&%3Cscript%3E=2`, {
      headers,
      validateStatus: () => true,
    })
    expect(eligibility.status).toBe(400)
    expect(JSON.stringify(eligibility.data)).not.toMatch(/n{41}|<script/)
    const admin = await api.get(`/admin/bnpl/status?%3Cscript%3E${long}=1`, { ...suite.admin, validateStatus: () => true })
    expect(admin.status).toBe(400)
    expect(JSON.stringify(admin.data)).not.toMatch(/n{41}|<script/)
  })
}
