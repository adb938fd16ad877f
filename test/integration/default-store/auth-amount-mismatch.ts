import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { SeededStore } from "../../support/seed-store"
import type { StoreSuite } from "../../support/store-suite"
import { Shopper, consumerChooses, pathAndQuery, ukAddress } from "../../../harness/shopper"

/**
 * Issue "Money exactly as Medusa records it": completion is one round trip (Auth first), so
 * the amount check follows Auth. A payment the service approved for another amount than the
 * session's must be voided at once and place no order, whichever way the cart is completed.
 */
export default function authAmountMismatchTests(suite: StoreSuite): void {
  const { api, getContainer, control } = suite
  let store: SeededStore
  let shopper: Shopper
  beforeEach(() => {
    store = suite.store
    shopper = new Shopper(api, store.publishableKey)
  })

  async function orderForCart(cartId: string) {
    const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
    const { data } = await query.graph({ entity: "cart", fields: ["id", "completed_at", "order.id"], filters: { id: cartId } })
    return (data[0] as any)?.order as { id: string } | undefined
  }

  /** A cart whose consumer confirmed, and a service that then approves 10.00 less than the session. */
  async function approvedForAnotherAmount() {
    const cart = await shopper.createCart({
      regionId: store.regions.uk,
      items: [{ variant_id: store.variants.tote, quantity: 2 }],
      address: ukAddress,
    })
    await shopper.addShippingMethod(cart.id, store.shippingOptions.standard)
    const session = await shopper.initiatePaymentSession(cart.id)
    const back = await consumerChooses(session.data.redirectCheckoutUrl, "confirm")
    const other = (Number(session.data.amount) - 10).toFixed(2)
    await control.changeCheckoutAmount(session.data.token, other)
    return { cartId: cart.id, session, back, other }
  }

  /** The ledger shows one approval for the other amount, voided in full; the service holds nothing. */
  async function expectVoidedAtService(other: string) {
    const ledger = await control.ledger()
    expect(ledger.auths).toEqual([expect.objectContaining({ status: "APPROVED", amount: { amount: other, currency: "GBP" } })])
    const orderId = ledger.auths[0].paymentId
    expect(ledger.voids).toEqual([expect.objectContaining({ orderId, amount: { amount: other, currency: "GBP" } })])
    expect(ledger.payments).toEqual([expect.objectContaining({ id: orderId, paymentState: "VOIDED" })])
    expect(ledger.captures).toHaveLength(0)
  }

  it("cart complete: the approval for another amount is voided, the shopper is told the total changed, no order", async () => {
    const { cartId, other } = await approvedForAnotherAmount()

    const completed = await shopper.complete(cartId)
    // Medusa's answer to a failed authorisation: the cart back, with the provider's message.
    expect(completed.status).toBe(200)
    expect(completed.data).toMatchObject({
      type: "cart",
      error: {
        type: "payment_authorization_error",
        message: "Your basket total changed after you approved pay later. Please start the payment again.",
      },
    })

    await expectVoidedAtService(other)
    expect(await orderForCart(cartId)).toBeFalsy()
    // A second press of "Place order" places nothing and authorises nothing more.
    expect((await shopper.complete(cartId)).data.type).not.toBe("order")
    expect(await orderForCart(cartId)).toBeFalsy()
    expect((await control.ledger()).auths).toHaveLength(1)
  })

  it("the return route: the approval for another amount is voided, the consumer goes back with amount_changed, no order", async () => {
    const { cartId, back, other } = await approvedForAnotherAmount()

    const returned = await api.get(pathAndQuery(back), { maxRedirects: 0, validateStatus: () => true })
    expect(returned.status).toBe(303)
    expect(returned.headers.location).toBe("http://storefront.test/checkout?step=payment&bnpl_error=amount_changed")

    await expectVoidedAtService(other)
    expect(await orderForCart(cartId)).toBeFalsy()
  })
}
