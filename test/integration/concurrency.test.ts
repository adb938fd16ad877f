import { readOrder } from "../support/place-order"
import { useSandboxForStore } from "../support/sandbox-for-store"
import { seedStore } from "../support/seed-store"
import { consumerChooses, pathAndQuery, Shopper, ukAddress } from "../../harness/shopper"
import { reportRequestErrorsPlainly } from "../support/reportable-request-errors"
import { runIntegrationStore } from "../support/store-suite"

// The time-out only guards against a hang.
jest.setTimeout(900_000)

const { control } = useSandboxForStore()
// Forty completions at once already queue on the carts' locks and the return route's deadline on
// 2 cores; the soak keeps the volume (docs/operations.md "Chaos soak"), this test the race.
const SHOPPERS = 30

runIntegrationStore(({ api, getContainer }) => {
  beforeAll(() => reportRequestErrorsPlainly(api))
  it(`${SHOPPERS} shoppers checking out at once all get their order, each paid once`, async () => {
    await control.reset()
    const store = await seedStore(getContainer())
    const shopper = new Shopper(api, store.publishableKey)

    const journeys = Array.from({ length: SHOPPERS }, async (_, index) => {
      const cart = await shopper.readyCart({
        regionId: store.regions.uk,
        email: `shopper-${index}@example.com`,
        items: [{ variant_id: store.variants.tote, quantity: 1 + (index % 3) }],
        address: ukAddress,
        shippingOptionId: store.shippingOptions.standard,
      })
      const session = await shopper.initiatePaymentSession(cart.id)
      const back = await consumerChooses(session.data.redirectCheckoutUrl, "confirm")
      const returned = await api.get(pathAndQuery(back), { maxRedirects: 0, validateStatus: () => true })
      return { cartId: cart.id, location: String(returned.headers.location) }
    })
    const results = await Promise.allSettled(journeys)
    const failures = results.filter((result) => result.status === "rejected")
    expect(failures.map((failure) => String((failure as PromiseRejectedResult).reason))).toEqual([])

    const placed = results.map((result) => (result as PromiseFulfilledResult<{ cartId: string; location: string }>).value)
    // On a loaded machine some completions outlast the return route's 18 s deadline for
    // some shoppers: they are sent to the processing state, and their order follows.
    const processing = "http://storefront.test/checkout?step=payment&bnpl_status=processing"
    expect(placed.filter((journey) => !journey.location.includes("/order/") && journey.location !== processing)).toEqual([])
    const headers = { headers: { "x-publishable-api-key": store.publishableKey } }
    for (const journey of placed.filter((candidate) => candidate.location === processing)) {
      for (let tries = 0; ; tries++) {
        const { data } = await api.get(`/store/bnpl/carts/${journey.cartId}/status`, headers)
        if (data.status === "completed") break
        expect(data.status).toBe("processing")
        if (tries > 120) throw new Error(`cart ${journey.cartId} still processing after 2 minutes`)
        await new Promise((resolve) => setTimeout(resolve, 1_000))
      }
    }
    const orders = await Promise.all(placed.map((journey) => readOrder(getContainer(), journey.cartId)))
    expect(new Set(orders.map((order) => order.orderId)).size).toBe(SHOPPERS)

    const ledger = await control.ledger()
    expect(ledger.payments).toHaveLength(SHOPPERS)
    expect(new Set(orders.map((order) => order.serviceOrderId))).toEqual(new Set(ledger.payments.map((payment) => payment.id)))
    for (const order of orders) {
      const payment = ledger.payments.find((candidate) => candidate.id === order.serviceOrderId)!
      expect(payment.originalAmount.amount).toBe(order.total.toFixed(2))
    }
  })
})
