import type { DemoSeed } from "../harness/medusa-store"
import { callJson, redirectTarget } from "../harness/http"
import { SAMPLE_ADDRESS as ADDRESS } from "../harness/sample-address"

/**
 * The store and admin API calls the bench makes, as a storefront and a merchant's admin
 * would: Medusa's standard routes plus the plugin's return route. Each throws on a non-2xx
 * answer (harness/http.ts).
 */

export interface PaymentSession {
  id: string
  provider_id: string
  data: Record<string, any>
}

export class StoreApi {
  private readonly store: Record<string, string>

  constructor(
    readonly url: string,
    readonly seed: DemoSeed,
  ) {
    this.store = { "x-publishable-api-key": seed.publishableKey }
  }

  /** A UK cart with 2 totes, addresses and Standard Shipping: ready for payment. */
  async readyCart(): Promise<string> {
    const { cart } = await callJson("POST", `${this.url}/store/carts`, {
      headers: this.store,
      body: {
        region_id: this.seed.regions.uk,
        email: "bench@example.com",
        items: [{ variant_id: this.seed.variants.tote, quantity: 2 }],
        shipping_address: ADDRESS,
        billing_address: ADDRESS,
      },
    })
    await callJson("POST", `${this.url}/store/carts/${cart.id}/shipping-methods`, {
      headers: this.store,
      body: { option_id: this.seed.shippingOptions.standard },
    })
    return cart.id
  }

  /** `GET /store/bnpl/eligibility?cart_id=`: what the storefront kit asks at the payment step. */
  async eligibility(cartId: string): Promise<{ eligible: boolean }> {
    return callJson("GET", `${this.url}/store/bnpl/eligibility?cart_id=${encodeURIComponent(cartId)}`, { headers: this.store })
  }

  /** The SDK's `initiatePaymentSession`: a payment collection, then a session for `providerId`. */
  async initiatePaymentSession(cartId: string, providerId: string): Promise<PaymentSession> {
    return this.createSession(await this.createPaymentCollection(cartId), providerId)
  }

  /** `POST /store/payment-collections`: the cart's payment collection (no provider is called). */
  async createPaymentCollection(cartId: string): Promise<string> {
    const { payment_collection: collection } = await callJson("POST", `${this.url}/store/payment-collections`, {
      headers: this.store,
      body: { cart_id: cartId },
    })
    return collection.id
  }

  /** `POST /store/payment-collections/:id/payment-sessions`: where the provider's initiatePayment runs. */
  async createSession(collectionId: string, providerId: string): Promise<PaymentSession> {
    const { payment_collection: withSession } = await callJson(
      "POST",
      `${this.url}/store/payment-collections/${collectionId}/payment-sessions`,
      { headers: this.store, body: { provider_id: providerId } },
    )
    return withSession.payment_sessions.find((session: PaymentSession) => session.provider_id === providerId)
  }

  /** `POST /store/carts/:id/complete`; throws unless it placed an order. Returns the order id. */
  async complete(cartId: string): Promise<string> {
    const answer = await callJson("POST", `${this.url}/store/carts/${cartId}/complete`, { headers: this.store, body: {} })
    if (answer.type !== "order")
      throw new Error(`cart ${cartId} was not completed: ${JSON.stringify(answer.error ?? answer).slice(0, 300)}`)
    return answer.order.id
  }

  /**
   * An express cart of 3 items (a tote and two tea towels: the sofa is above the sandbox's
   * maximum), no e-mail, no address; then the plugin's express start from the bench
   * storefront's origin. Returns the cart id once its express checkout exists.
   */
  async expressCart(storefrontOrigin: string): Promise<string> {
    const headers = { ...this.store, origin: storefrontOrigin }
    const items = [
      { variant_id: this.seed.variants.tote, quantity: 1 },
      { variant_id: this.seed.variants.teaTowel, quantity: 2 },
    ]
    const { cart } = await callJson("POST", `${this.url}/store/carts`, { headers, body: { region_id: this.seed.regions.uk, items } })
    await callJson("POST", `${this.url}/store/bnpl/carts/${cart.id}/express`, { headers, body: {} })
    return cart.id
  }

  /** `POST /store/bnpl/carts/:id/express/shipping-options` for the popup's address; returns how many options were offered. */
  async expressShippingOptions(cartId: string, storefrontOrigin: string, address: Record<string, unknown>): Promise<number> {
    const answer = await callJson("POST", `${this.url}/store/bnpl/carts/${cartId}/express/shipping-options`, {
      headers: { ...this.store, origin: storefrontOrigin },
      body: address,
    })
    if (!answer.shipping_options) throw new Error(`no shipping options: ${JSON.stringify(answer).slice(0, 300)}`)
    return answer.shipping_options.length
  }

  /**
   * The plugin's return route after a confirmed checkout, resolved with the order id. When it
   * sends the consumer to the payment step with `bnpl_status=processing` (its deadline passed
   * with the completion still running), the cart's status is polled as the storefront kit
   * does, until the order exists. Throws on any other page, or a failed completion.
   */
  async returnRoute(cartId: string, token: string): Promise<string> {
    const query = new URLSearchParams({ cart_id: cartId, orderToken: token, status: "SUCCESS" })
    const target = await redirectTarget(`${this.url}/bnpl/return?${query}`)
    const orderId = /\/order\/([^/]+)\/confirmed$/.exec(target.pathname)?.[1]
    if (orderId) return orderId
    if (target.searchParams.get("bnpl_status") === "processing") return this.orderOfProcessingCart(cartId)
    throw new Error(`the return route sent the consumer to ${target}`)
  }

  /** `GET /store/bnpl/carts/:id/status` every 500 ms, up to 5 minutes, until the order exists. */
  private async orderOfProcessingCart(cartId: string): Promise<string> {
    const deadline = Date.now() + 300_000
    while (Date.now() < deadline) {
      const answer = await callJson("GET", `${this.url}/store/bnpl/carts/${cartId}/status`, { headers: this.store })
      if (answer.status === "completed") return answer.order_id
      if (answer.status === "failed") throw new Error(`cart ${cartId} was not completed: ${answer.reason}`)
      await new Promise((resolve) => setTimeout(resolve, 500))
    }
    throw new Error(`cart ${cartId} was still processing after 5 minutes`)
  }
}

/** The admin API with the seeded admin's bearer token (signed in as the dashboard does). */
export class AdminApi {
  private constructor(
    private readonly url: string,
    private readonly headers: Record<string, string>,
  ) {}

  static async signIn(url: string, login: { email: string; password: string }): Promise<AdminApi> {
    const { token } = await callJson("POST", `${url}/auth/user/emailpass`, { body: login })
    return new AdminApi(url, { authorization: `Bearer ${token}` })
  }

  /** The order's first payment id and its items (for fulfilment). */
  async orderPayment(orderId: string): Promise<{ paymentId: string; items: Array<{ id: string; quantity: number }> }> {
    const { order } = await callJson("GET", `${this.url}/admin/orders/${orderId}?fields=id,*items,*payment_collections.payments`, {
      headers: this.headers,
    })
    return {
      paymentId: order.payment_collections[0].payments[0].id,
      items: order.items.map((item: any) => ({ id: item.id, quantity: Number(item.quantity) })),
    }
  }

  capture(paymentId: string): Promise<unknown> {
    return callJson("POST", `${this.url}/admin/payments/${paymentId}/capture`, { headers: this.headers, body: {} })
  }

  refund(paymentId: string, amount: number): Promise<unknown> {
    return callJson("POST", `${this.url}/admin/payments/${paymentId}/refund`, { headers: this.headers, body: { amount } })
  }

  /** `POST /admin/orders/:id/cancel`: Medusa cancels the order and its uncaptured payment (the provider's void). */
  cancel(orderId: string): Promise<unknown> {
    return callJson("POST", `${this.url}/admin/orders/${orderId}/cancel`, { headers: this.headers, body: {} })
  }

  /** Creates a fulfillment of every item and marks it shipped with a label (emits `shipment.created`). */
  async ship(orderId: string, items: Array<{ id: string; quantity: number }>, locationId: string): Promise<void> {
    const { order } = await callJson("POST", `${this.url}/admin/orders/${orderId}/fulfillments?fields=id,*fulfillments`, {
      headers: this.headers,
      body: { items, location_id: locationId },
    })
    await callJson("POST", `${this.url}/admin/orders/${orderId}/fulfillments/${order.fulfillments[0].id}/shipments`, {
      headers: this.headers,
      body: {
        items,
        labels: [
          {
            tracking_number: "RM123456789GB",
            tracking_url: "https://track.example.com/RM123456789GB",
            label_url: "https://labels.example.com/RM123456789GB.pdf",
          },
        ],
      },
    })
  }
}
