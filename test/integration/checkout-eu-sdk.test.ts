import Medusa from "@medusajs/js-sdk"
import { eventually, readOrder } from "../support/place-order"
import { describeStore } from "../support/store-suite"
import type { SeededStore } from "../support/seed-store"
import { consumerChooses, euAddress, pathAndQuery } from "../../harness/shopper"

jest.setTimeout(120_000)

// This store holds the EU account (EUR), speaks OAuth bearer tokens, and captures on approval.
describeStore({ BNPL_REGION: "EU", BNPL_AUTH_SCHEME: "oauth", BNPL_CAPTURE: "on_authorize" }, (suite) => {
  const { api, getContainer, control } = suite
  let store: SeededStore
  let sdk: Medusa

  beforeEach(() => {
    store = suite.store
    sdk = new Medusa({ baseUrl: api.defaults.baseURL as string, publishableKey: store.publishableKey })
  })

  it("an EU shopper pays later through the JS SDK, with OAuth, and the payment is captured on approval", async () => {
    const { cart } = await sdk.store.cart.create({
      region_id: store.regions.eu,
      email: "emile@example.fr",
      items: [{ variant_id: store.variants.tote, quantity: 1 }],
      shipping_address: euAddress,
      billing_address: euAddress,
    })
    await sdk.store.cart.addShippingMethod(cart.id, { option_id: store.shippingOptions.standard })
    const { cart: ready } = await sdk.store.cart.retrieve(cart.id)

    const eligibility = await sdk.client.fetch<{ eligible: boolean; currency: string }>(`/store/bnpl/eligibility`, {
      query: { cart_id: cart.id },
    })
    expect(eligibility).toMatchObject({ eligible: true, currency: "EUR" })

    const { payment_collection } = await sdk.store.payment.initiatePaymentSession(ready, { provider_id: "pp_bnpl_bnpl" })
    const session = payment_collection.payment_sessions!.find((candidate) => candidate.provider_id === "pp_bnpl_bnpl")!
    const data = session.data as Record<string, string>
    expect(data.currency).toBe("EUR")

    const checkout = (await control.ledger()).checkouts[0]
    expect(checkout.amount).toEqual({ amount: Number(ready.total).toFixed(2), currency: "EUR" })

    // The Auth answer is lost once: the retry carries the same requestId, one payment results.
    await control.fault({ endpoint: "auth", kind: "lost_response" })
    const back = await consumerChooses(data.redirectCheckoutUrl, "confirm")
    const returned = await api.get(pathAndQuery(back), { maxRedirects: 0, validateStatus: () => true })
    expect(returned.headers.location).toMatch(/^http:\/\/storefront\.test\/order\//)

    const order = await readOrder(getContainer(), cart.id)
    const ledger = await control.ledger()
    expect(ledger.payments).toHaveLength(1)
    expect(ledger.auths.filter((auth) => auth.status === "APPROVED")).toHaveLength(1)
    expect(ledger.tokenRequests).toBe(1)
    // Captured right after approval, and shown as captured in Medusa.
    expect(ledger.captures).toHaveLength(1)
    expect(ledger.captures[0].amount).toEqual({ amount: order.total.toFixed(2), currency: "EUR" })
    const payment = await eventually(async () => {
      const { data: payments } = await (getContainer().resolve("query") as any).graph({
        entity: "payment",
        fields: ["id", "captured_at", "captures.id"],
        filters: { id: order.paymentId },
      })
      return payments[0]?.captured_at ? payments[0] : undefined
    })
    expect(payment.captures).toHaveLength(1)
  })
})
