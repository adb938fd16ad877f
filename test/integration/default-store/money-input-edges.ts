import { placeOrder, readPayment, type PlacedOrder } from "../../support/place-order"
import { pluginAdminRoutes } from "../../support/plugin-routes"
import type { StoreSuite } from "../../support/store-suite"
import { Shopper } from "../../../harness/shopper"

/** Text of a database statement or error in an answer: none may ever carry one. */
const SQL_TEXT =
  /\b(insert\s+into|select\s+.+\s+from|update\s+"?\w+"?\s+set|delete\s+from|returning\s+"|violates|invalid byte sequence|syntax error at)\b/i

/**
 * Issue "What the fourth review found", items 2 to 4: amounts of more than 2 decimals on
 * Medusa's own capture and refund routes, a new pay later session on a paid cart's collection,
 * and admin notes PostgreSQL cannot store, each refused before anything moves, in words that
 * name the field and never carry SQL.
 */
export default function moneyInputEdgesTests(suite: StoreSuite): void {
  const { api, getContainer, control } = suite
  const post = (url: string, body: unknown = {}, headers: Record<string, string> = {}) =>
    api.post(url, body, { headers: { ...suite.admin.headers, ...headers }, validateStatus: () => true })

  /** What the service and Medusa hold of the order's money. */
  async function held(order: PlacedOrder) {
    const ledger = await control.ledger()
    const own = (entries: Array<Record<string, any>>) =>
      entries.filter((entry) => entry.orderId === order.serviceOrderId).map((entry) => entry.amount.amount)
    const payment = await readPayment(getContainer(), order.paymentId)
    return {
      captures: own(ledger.captures),
      refunds: own(ledger.refunds),
      medusaCaptures: payment.captures.map((capture: any) => String(capture.raw_amount?.value ?? capture.amount)),
      medusaRefunds: payment.refunds.map((refund: any) => String(refund.raw_amount?.value ?? refund.amount)),
    }
  }

  it("Medusa's capture and refund routes refuse 20.005, 10.005, 39.951 with 39.95 open and 1e-3: 400 naming amount, nothing at the service, Medusa's records unchanged", async () => {
    const order = await placeOrder(api, getContainer(), suite.store)
    expect((await post(`/admin/payments/${order.paymentId}/capture`, { amount: 10 })).status).toBe(200)
    const before = await held(order)
    const open = Math.round(order.total * 100 - 1000)
    const attempts: Array<[string, string]> = [
      ["capture", '{"amount":20.005}'],
      ["capture", `{"amount":${(open / 100).toFixed(2)}1}`],
      ["capture", '{"amount":1e-3}'],
      ["refund", '{"amount":10.005}'],
      ["refund", '{"amount":1e-3}'],
    ]
    for (const [route, body] of attempts) {
      const answer = await post(`/admin/payments/${order.paymentId}/${route}`, body, { "content-type": "application/json" })
      expect([route, body, answer.status, answer.data.message]).toEqual([
        route,
        body,
        400,
        expect.stringMatching(/amount must have at most 2 decimal places/),
      ])
    }
    expect(await held(order)).toEqual(before)
    // Whole cents still pass, on both routes.
    expect((await post(`/admin/payments/${order.paymentId}/refund`, { amount: 2.5 })).status).toBe(200)
    expect((await held(order)).refunds).toEqual(["2.50"])
  })

  it("a pay later session on a completed cart's collection is refused, for another shopper and for the cart's own, with no checkout at the service and the authorized session kept", async () => {
    const order = await placeOrder(api, getContainer(), suite.store)
    const query = getContainer().resolve("query")
    const { data } = await query.graph({ entity: "cart", fields: ["id", "payment_collection.id"], filters: { id: order.cartId } })
    const collectionId = data[0].payment_collection.id
    const sessions = async () =>
      (
        await query.graph({
          entity: "payment_collection",
          fields: ["id", "payment_sessions.id", "payment_sessions.status"],
          filters: { id: collectionId },
        })
      ).data[0].payment_sessions.map((session: any) => [session.id, session.status])
    const before = await sessions()
    expect(before.map(([, status]: [string, string]) => status)).toEqual(["authorized"])
    const checkouts = (await control.ledger()).checkouts.length

    const other = new Shopper(api, suite.store.publishableKey)
    for (const shopper of [other, suite.shopper]) {
      const answer = await api.post(
        `/store/payment-collections/${collectionId}/payment-sessions`,
        { provider_id: suite.store.providers.uk },
        {
          headers: { "x-publishable-api-key": suite.store.publishableKey, ...(shopper === other ? { authorization: "" } : {}) },
          validateStatus: () => true,
        },
      )
      expect([answer.status, answer.data.code]).toEqual([400, "payment_collection_not_owed"])
      expect(answer.data.message).toMatch(/is (authorized|completed): its cart is paid already/)
    }
    expect((await control.ledger()).checkouts.length).toBe(checkouts)
    expect(await sessions()).toEqual(before)
  })

  it("a refund note with a NUL, an unpaired surrogate or 501 characters: 400 naming the note, nothing refunded", async () => {
    const order = await placeOrder(api, getContainer(), suite.store)
    expect((await post(`/admin/payments/${order.paymentId}/capture`, { amount: 20 })).status).toBe(200)
    for (const [note, rule] of [
      ["torn\u0000strap", /note must not contain the NUL character/],
      ["torn \ud800", /note must be valid Unicode text/],
      ["x".repeat(501), /note must be at most 500 characters/],
    ] as const) {
      const answer = await post(`/admin/bnpl/payments/${order.paymentId}/refund`, { amount: "5.00", note })
      expect([answer.status, answer.data.message]).toEqual([400, expect.stringMatching(rule)])
      expect(JSON.stringify(answer.data)).not.toMatch(SQL_TEXT)
    }
    expect((await held(order)).refunds).toEqual([])
    expect((await readPayment(getContainer(), order.paymentId)).refunds).toEqual([])
  })

  it("no failure of any plugin admin route, nor of Medusa's money routes, answers with SQL text", async () => {
    const order = await placeOrder(api, getContainer(), suite.store)
    expect((await post(`/admin/payments/${order.paymentId}/capture`, { amount: 10 })).status).toBe(200)
    const account = (await api.get("/admin/bnpl/accounts", suite.admin)).data.accounts[0].id as string
    const fill = (matcher: string) =>
      matcher
        .replace(":payment_id", order.paymentId)
        .replace(":order_id", order.orderId)
        .replace(":account_id", account)
        .replace(/:\w+/g, "x")
    const hostile = [
      {},
      { amount: "5.00", note: "a\u0000b" },
      { amount: "5.00", note: "\udfff" },
      { amount: "99999999999.99" },
      { amount: "5.00", refund_reason_id: "refr_01NOTAREASON" },
      { service_order_id: "\u0000" },
      { cart_id: "cart_01NOTACART" },
      { exclusions: { productIds: ["a\u0000"] } },
      { message: { available: "\ud800" } },
    ]
    const answers: string[] = []
    for (const matcher of await pluginAdminRoutes("POST")) {
      for (const body of hostile) {
        const answer = await post(fill(matcher), body, { "content-type": "application/json" })
        if (answer.status >= 400) answers.push(`${matcher} ${answer.status} ${JSON.stringify(answer.data)}`)
      }
    }
    for (const matcher of await pluginAdminRoutes("GET")) {
      const answer = await api.get(`${fill(matcher)}?x=%00`, { ...suite.admin, validateStatus: () => true })
      if (answer.status >= 400) answers.push(`${matcher} ${answer.status} ${JSON.stringify(answer.data)}`)
    }
    for (const body of ['{"amount":"a\\u0000"}', '{"amount":20.005}', '{"amount":5,"note":"a\\u0000b"}']) {
      for (const route of ["capture", "refund"]) {
        const answer = await post(`/admin/payments/${order.paymentId}/${route}`, body, { "content-type": "application/json" })
        if (answer.status >= 400) answers.push(`${route} ${answer.status} ${JSON.stringify(answer.data)}`)
      }
    }
    expect(answers.length).toBeGreaterThan(20)
    expect(answers.filter((answer) => SQL_TEXT.test(answer))).toEqual([])
    expect(answers.filter((answer) => answer.includes(" 500 ") && !/failed in the store|An unknown error occurred/.test(answer))).toEqual(
      [],
    )
  })
}
