import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { startPayLaterCheckout, type StoreClientConfig } from "../../../src/storefront"
import { consumerChooses, pathAndQuery, Shopper, ukAddress } from "../../../harness/shopper"
import type { StoreSuite } from "../../support/store-suite"

/**
 * A shopper who changes their mind: cancels on the service's screens, tries again, is
 * declined, pays later again and confirms. Each "pay later" press is the kit's
 * `startPayLaterCheckout` against the real store (a new payment session, as the starter's
 * "Continue to pay later" button makes), each return the backend's return route.
 */
export default function payLaterAgainTests(suite: StoreSuite): void {
  it("cancel, try again, decline, pay later again, confirm: a new checkout each time and one order", async () => {
    const { api, control, store } = suite
    const shopper = new Shopper(api, store.publishableKey)
    const cart = await shopper.createCart({
      regionId: store.regions.uk,
      items: [{ variant_id: store.variants.tote, quantity: 1 }],
      address: ukAddress,
    })
    await shopper.addShippingMethod(cart.id, store.shippingOptions.standard)
    const kit: StoreClientConfig = { baseUrl: String(api.defaults.baseURL), publishableKey: store.publishableKey }

    /** "Continue to pay later": a new session, the consumer's choice on the service's screens, the return. */
    async function payLater(choice: "confirm" | "decline" | "cancel"): Promise<{ token: string; location: string }> {
      const started = await startPayLaterCheckout(kit, cart.id)
      if (!("redirectUrl" in started)) throw new Error(`starting pay later failed: ${started.error.reason}`)
      const back = await consumerChooses(started.redirectUrl, choice)
      const returned = await api.get(pathAndQuery(back), { maxRedirects: 0, validateStatus: () => true })
      return { token: back.searchParams.get("orderToken")!, location: String(returned.headers.location) }
    }

    const cancelled = await payLater("cancel")
    expect(cancelled.location).toContain("bnpl_error=cancelled")
    const declined = await payLater("decline")
    expect(declined.location).toContain("bnpl_error=declined")
    const confirmed = await payLater("confirm")

    const query = suite.getContainer().resolve(ContainerRegistrationKeys.QUERY)
    const { data } = await query.graph({ entity: "cart", fields: ["id", "order.id"], filters: { id: cart.id } })
    const orderId = (data[0] as { order?: { id: string } }).order?.id
    expect(orderId).toBeDefined()
    expect(confirmed.location).toBe(`http://storefront.test/order/${orderId}/confirmed`)

    // Three checkouts, one per press after a finished one; one declined Auth, one approval.
    expect(new Set([cancelled.token, declined.token, confirmed.token]).size).toBe(3)
    const ledger = await control.ledger()
    expect(ledger.checkouts).toHaveLength(3)
    expect(ledger.payments.map((payment) => payment.paymentState).sort()).toEqual(["AUTH_APPROVED", "AUTH_DECLINED"])
  })
}
