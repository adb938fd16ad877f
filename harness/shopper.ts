import type { AxiosInstance } from "axios"

/** A shopper's address in Medusa's store API shape. */
export const ukAddress = {
  first_name: "Ada",
  last_name: "Lovelace",
  address_1: "12 St James's Square",
  address_2: "Flat 3",
  city: "London",
  province: "Greater London",
  postal_code: "SW1Y 4JH",
  country_code: "gb",
  phone: "+44 20 7946 0958",
}

export const euAddress = {
  first_name: "Émile",
  last_name: "Zola",
  address_1: "21 Rue de Bruxelles",
  city: "Paris",
  province: "Île-de-France",
  postal_code: "75009",
  country_code: "fr",
  phone: "+33 1 23 45 67 89",
}

/**
 * Drives Medusa's standard store API as a storefront (or the JS SDK) does: every call
 * carries the publishable key, none knows anything of the plugin but the provider id.
 */
export class Shopper {
  constructor(
    private readonly api: AxiosInstance,
    private readonly publishableKey: string,
  ) {}

  private get headers() {
    return { headers: { "x-publishable-api-key": this.publishableKey } }
  }

  async createCart(input: {
    regionId: string
    items: Array<{ variant_id: string; quantity: number }>
    address?: Record<string, unknown>
    email?: string
  }): Promise<{ id: string; total: number; payment_collection?: { id: string } }> {
    const { data } = await this.api.post(
      "/store/carts",
      {
        region_id: input.regionId,
        email: input.email ?? "ada@example.com",
        items: input.items,
        ...(input.address ? { shipping_address: input.address, billing_address: input.address } : {}),
      },
      this.headers,
    )
    return data.cart
  }

  async addShippingMethod(cartId: string, optionId: string) {
    const { data } = await this.api.post(`/store/carts/${cartId}/shipping-methods`, { option_id: optionId }, this.headers)
    return data.cart
  }

  /** A cart with an address (both) and a shipping method: ready for its payment step. */
  async readyCart(input: Parameters<Shopper["createCart"]>[0] & { address: Record<string, unknown>; shippingOptionId: string }) {
    const cart = await this.createCart(input)
    await this.addShippingMethod(cart.id, input.shippingOptionId)
    return cart
  }

  async addItem(cartId: string, variantId: string, quantity = 1) {
    const { data } = await this.api.post(`/store/carts/${cartId}/line-items`, { variant_id: variantId, quantity }, this.headers)
    return data.cart
  }

  async eligibility(cartId: string) {
    const { data } = await this.api.get(`/store/bnpl/eligibility?cart_id=${cartId}`, this.headers)
    return data as { eligible: boolean; reason?: string; minimumAmount: string; maximumAmount: string }
  }

  /** The SDK's `initiatePaymentSession`: a payment collection, then a session for the provider. */
  async initiatePaymentSession(cartId: string, providerId = "pp_bnpl_bnpl", data?: Record<string, unknown>) {
    const { data: created } = await this.api.post("/store/payment-collections", { cart_id: cartId }, this.headers)
    const collectionId = created.payment_collection.id
    const { data: withSession } = await this.api.post(
      `/store/payment-collections/${collectionId}/payment-sessions`,
      { provider_id: providerId, ...(data ? { data } : {}) },
      this.headers,
    )
    const sessions = withSession.payment_collection.payment_sessions as Array<{
      id: string
      provider_id: string
      status: string
      data: Record<string, any>
    }>
    return sessions.find((session) => session.provider_id === providerId)!
  }

  async complete(cartId: string) {
    const response = await this.api.post(`/store/carts/${cartId}/complete`, {}, { ...this.headers, validateStatus: () => true })
    return response
  }
}

/** The consumer on the sandbox's screens: opens the page, presses a button, returns the redirect. */
export async function consumerChooses(redirectCheckoutUrl: string, choice: "confirm" | "decline" | "cancel"): Promise<URL> {
  const page = await fetch(redirectCheckoutUrl)
  if (!page.ok) throw new Error(`the consumer page answered ${page.status}`)
  const html = await page.text()
  const form = new RegExp(`<form[^>]*action="([^"]+)"[^>]*>(?:(?!</form>)[\\s\\S])*id="${choice}"`, "i").exec(html)
  if (!form) throw new Error(`no "${choice}" button on the consumer page`)
  const action = new URL(form[1].replace(/&amp;/g, "&"), redirectCheckoutUrl)
  const response = await fetch(action, { method: "POST", redirect: "manual" })
  const location = response.headers.get("location")
  if (response.status !== 303 || !location) throw new Error(`expected a 303 redirect, got ${response.status}`)
  return new URL(location)
}

/** The path and query of a URL the service redirected to, to replay against the test store. */
export function pathAndQuery(url: URL): string {
  return `${url.pathname}${url.search}`
}
