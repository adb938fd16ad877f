import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { completeCartWorkflowId } from "@medusajs/medusa/core-flows"
import { AUTH_BUDGET_PER_RUN, completePendingCarts } from "../../../src/operations/pending-completions"
import { getPluginRuntime } from "../../../src/runtime/accounts/plugin-runtime"
import type { StoreSuite } from "../../support/store-suite"
import { Shopper, consumerChooses, pathAndQuery, ukAddress } from "../../../harness/shopper"

const CART_CHANGED_PAGE = "http://storefront.test/checkout?step=payment&bnpl_error=cart_changed"
const NEW_ADDRESS = { ...ukAddress, address_1: "1 Elsewhere Road" }

/**
 * Issue 26 "Money that races", items 4-6: the cart that becomes the order is the cart the
 * consumer approved even when an update races the completion, a shipping method's `data` is
 * part of what was approved, and the Auth calls a stranger can cause are bounded.
 */
export default function completionRacesTests(suite: StoreSuite): void {
  const shopper = () => new Shopper(suite.api, suite.store.publishableKey)
  const headers = () => ({ headers: { "x-publishable-api-key": suite.store.publishableKey }, validateStatus: () => true })
  const get = (url: string) => suite.api.get(url, { maxRedirects: 0, validateStatus: () => true })

  async function orderOf(cartId: string): Promise<{ id: string; shipping_address?: { address_1?: string } } | undefined> {
    const query = suite.getContainer().resolve(ContainerRegistrationKeys.QUERY)
    const { data } = await query.graph({
      entity: "cart",
      fields: ["id", "order.id", "order.shipping_address.address_1"],
      filters: { id: cartId },
    })
    return (data[0] as any)?.order ?? undefined
  }

  /** A cart with a session; `confirm`: the consumer approved it on the service's screens. */
  async function cartWithSession({ confirm = true, shippingData }: { confirm?: boolean; shippingData?: Record<string, unknown> } = {}) {
    const cart = await shopper().createCart({
      regionId: suite.store.regions.uk,
      items: [{ variant_id: suite.store.variants.tote, quantity: 1 }],
      address: ukAddress,
    })
    await suite.api.post(
      `/store/carts/${cart.id}/shipping-methods`,
      { option_id: suite.store.shippingOptions.standard, ...(shippingData ? { data: shippingData } : {}) },
      headers(),
    )
    const session = await shopper().initiatePaymentSession(cart.id)
    const back = confirm ? await consumerChooses(session.data.redirectCheckoutUrl, "confirm") : undefined
    const returnUrl = `/bnpl/return?cart_id=${cart.id}&orderToken=${encodeURIComponent(session.data.token)}&status=SUCCESS`
    return { cart, session, back, returnUrl }
  }

  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

  describe("an address update racing the completion", () => {
    const entries = ["cart complete", "the return route"] as const

    it.each(entries)("sent 0-30 ms before %s, 10 rounds: no order ships to an address the service did not approve", async (entry) => {
      const outcomes: string[] = []
      for (let round = 0; round < 10; round++) {
        const { cart, back } = await cartWithSession()
        const delay = Math.round((round * 30) / 9)
        const update = suite.api.post(`/store/carts/${cart.id}`, { shipping_address: NEW_ADDRESS }, headers())
        await sleep(delay)
        const completion = entry === "cart complete" ? shopper().complete(cart.id) : get(pathAndQuery(back!))
        const [, completed] = await Promise.all([update, completion])

        const order = await orderOf(cart.id)
        if (order) {
          // The update waited for the completion's lock: the order has the approved address.
          expect({ round, address: order.shipping_address?.address_1 }).toEqual({ round, address: ukAddress.address_1 })
          outcomes.push("order with the approved address")
        } else if (entry === "cart complete") {
          expect({ round, status: completed.status, code: completed.data?.code }).toEqual({ round, status: 400, code: "cart_changed" })
          outcomes.push("refused")
        } else {
          expect({ round, location: completed.headers.location }).toEqual({ round, location: CART_CHANGED_PAGE })
          outcomes.push("refused")
        }
      }
      // Whatever the interleaving, no approval is left standing without an order.
      const ledger = await suite.control.ledger()
      const orders = outcomes.filter((outcome) => outcome.startsWith("order")).length
      expect(ledger.payments.filter((payment) => payment.paymentState === "AUTH_APPROVED")).toHaveLength(orders)
    })
  })

  it("Medusa's complete-cart workflow itself refuses a changed cart, whoever runs it (the plugin's validate hook)", async () => {
    const { cart } = await cartWithSession()
    await suite.api.post(`/store/carts/${cart.id}`, { shipping_address: NEW_ADDRESS }, headers())
    // No route and no middleware: the workflow as processPaymentWorkflow or a custom flow runs it.
    const { errors } = await suite
      .getContainer()
      .resolve(Modules.WORKFLOW_ENGINE)
      .run(completeCartWorkflowId, { input: { id: cart.id }, throwOnError: false })
    expect(errors?.[0]?.error).toMatchObject({ code: "cart_changed", type: "not_allowed" })
    expect(await orderOf(cart.id)).toBeUndefined()
    expect((await suite.control.ledger()).requests.auth ?? 0).toBe(0)
  })

  describe("a shipping method's data is part of what was approved", () => {
    it.each(["cart complete", "the return route"] as const)(
      "the same option re-added with another pickup point after approval is refused by %s",
      async (entry) => {
        const { cart, back } = await cartWithSession({ shippingData: { pickup_point: "PP-LONDON-1" } })
        const re = await suite.api.post(
          `/store/carts/${cart.id}/shipping-methods`,
          { option_id: suite.store.shippingOptions.standard, data: { pickup_point: "PP-ELSEWHERE-9" } },
          headers(),
        )
        expect(re.status).toBe(200)
        if (entry === "cart complete") {
          const completed = await shopper().complete(cart.id)
          expect(completed.status).toBe(400)
          expect(completed.data).toMatchObject({ code: "cart_changed", type: "not_allowed" })
        } else {
          expect((await get(pathAndQuery(back!))).headers.location).toBe(CART_CHANGED_PAGE)
        }
        expect(await orderOf(cart.id)).toBeUndefined()
        expect((await suite.control.ledger()).auths).toHaveLength(0)
      },
    )

    it("the same data again is the approved cart: the order is placed", async () => {
      const { cart, back } = await cartWithSession({ shippingData: { pickup_point: "PP-LONDON-1" } })
      const returned = await get(pathAndQuery(back!))
      const order = await orderOf(cart.id)
      expect(returned.headers.location).toBe(`http://storefront.test/order/${order?.id}/confirmed`)
    })
  })

  describe("service calls a stranger can cause", () => {
    it("the return route hit 40 times with a real, unconfirmed token sends a handful of Auths at most", async () => {
      const { cart, returnUrl } = await cartWithSession({ confirm: false })
      const answers: string[] = []
      for (let batch = 0; batch < 4; batch++) {
        const responses = await Promise.all(Array.from({ length: 10 }, () => get(returnUrl)))
        answers.push(...responses.map((response) => String(response.headers.location)))
      }
      const ledger = await suite.control.ledger()
      expect(ledger.requests.auth ?? 0).toBeGreaterThanOrEqual(1)
      expect(ledger.requests.auth ?? 0).toBeLessThanOrEqual(3)
      expect(await orderOf(cart.id)).toBeUndefined()
      // Each answer sends the caller to the checkout, never to an order.
      for (const answer of answers)
        expect(answer).toMatch(/^http:\/\/storefront\.test\/checkout\?step=payment&bnpl_(error=not_confirmed|status=processing)$/)
    })

    it("8 abandoned checkouts over 3 job runs: one List Payments a run, at most the run's Auth budget, each session backing off", async () => {
      for (let index = 0; index < 8; index++) await cartWithSession({ confirm: false })
      const start = Date.now()
      const perRun: Array<{ listPayments: number; auth: number }> = []
      let before = { listPayments: 0, auth: 0 }
      for (const offset of [0, 61_000, 122_000]) {
        const report = await completePendingCarts(suite.getContainer(), new Date(start + offset))
        expect(report.completed).toEqual([])
        const { requests } = await suite.control.ledger()
        const now = { listPayments: requests.listPayments ?? 0, auth: requests.auth ?? 0 }
        perRun.push({ listPayments: now.listPayments - before.listPayments, auth: now.auth - before.auth })
        before = now
      }
      for (const run of perRun) {
        expect(run.listPayments).toBe(1)
        expect(run.auth).toBeLessThanOrEqual(AUTH_BUDGET_PER_RUN)
      }
      // Today's job sent one Auth per waiting session per run: 8 in the first.
      expect(perRun[0].auth).toBe(AUTH_BUDGET_PER_RUN)
      expect((await suite.control.ledger()).auths).toHaveLength(0)
    })

    it("completeClosedTabs: false: 8 abandoned checkouts over 3 job runs cost one List Payments a run and no Auth; a lost approval is still completed", async () => {
      // The account as a store configured with the option has it (parsed options, shared by every caller).
      const account = getPluginRuntime(suite.getContainer()).accounts[0]
      const configured = account.options
      account.options = { ...configured, completeClosedTabs: false }
      try {
        for (let index = 0; index < 8; index++) await cartWithSession({ confirm: false })
        const lost = await cartWithSession({ confirm: false })
        await consumerChooses(lost.session.data.redirectCheckoutUrl, "confirm")
        await suite.control.fault({ endpoint: "auth", kind: "lost_response", times: 10 })
        expect((await get(lost.returnUrl)).headers.location).toContain("bnpl_error=payment_failed")
        await suite.control.clearFaults()
        const authBefore = (await suite.control.ledger()).requests.auth ?? 0

        const start = Date.now()
        const perRun: Array<{ listPayments: number; auth: number; completed: number }> = []
        let before = { listPayments: (await suite.control.ledger()).requests.listPayments ?? 0, auth: authBefore }
        for (const offset of [0, 61_000, 122_000]) {
          const report = await completePendingCarts(suite.getContainer(), new Date(start + offset))
          const { requests } = await suite.control.ledger()
          const now = { listPayments: requests.listPayments ?? 0, auth: requests.auth ?? 0 }
          perRun.push({
            listPayments: now.listPayments - before.listPayments,
            auth: now.auth - before.auth,
            completed: report.completed.length,
          })
          before = now
        }
        // Run one completes the lost approval (its Auth a replay of the same requestId); no other Auth after that.
        expect(perRun).toEqual([
          { listPayments: 1, auth: 1, completed: 1 },
          { listPayments: 1, auth: 0, completed: 0 },
          { listPayments: 1, auth: 0, completed: 0 },
        ])
        expect(await orderOf(lost.cart.id)).toBeDefined()
        expect((await suite.control.ledger()).payments).toHaveLength(1)
      } finally {
        account.options = configured
      }
    })

    it("an approval whose Auth answer was lost is found by the run's List Payments and completed despite the session's back-off", async () => {
      const { cart, session } = await cartWithSession({ confirm: false })
      const start = Date.now()
      // The job tries while the consumer is still on the service's screens: not confirmed, back-off.
      expect((await completePendingCarts(suite.getContainer(), new Date(start))).waiting).toHaveLength(1)
      const back = await consumerChooses(session.data.redirectCheckoutUrl, "confirm")
      // The shopper's return: the service approves, every answer is lost on the way back.
      await suite.control.fault({ endpoint: "auth", kind: "lost_response", times: 10 })
      const failed = await get(pathAndQuery(back))
      expect(failed.headers.location).toContain("bnpl_error=payment_failed")
      await suite.control.clearFaults()

      // Ten seconds later, within the back-off: List Payments shows the approval, the cart is completed.
      const report = await completePendingCarts(suite.getContainer(), new Date(start + 10_000))
      const order = await orderOf(cart.id)
      expect(report.completed).toEqual([{ cartId: cart.id, orderId: order?.id }])
      const ledger = await suite.control.ledger()
      expect(ledger.payments.map((payment) => payment.paymentState)).toEqual(["AUTH_APPROVED"])
    })
  })
}
