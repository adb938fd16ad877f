import type { AxiosInstance } from "axios"
import type { SeededStore } from "./seed-store"

/** The test store's storefront (medusa-config's `storefrontUrl`): the origin express opens from. */
export const STOREFRONT_ORIGIN = "http://storefront.test"

/**
 * A shopper's page driving the plugin's express routes, as the storefront kit does: a cart
 * of totes (no e-mail, no address, as on a product page), then start, shipping options for the
 * popup's address, complete. Every call carries the publishable key and the storefront's
 * `Origin`; answers are returned whatever their status.
 */
export function expressFlow(api: AxiosInstance, store: SeededStore, regionId: string) {
  let cartId = ""
  const headers = (origin = STOREFRONT_ORIGIN) => ({
    headers: { "x-publishable-api-key": store.publishableKey, origin },
    validateStatus: () => true,
  })
  const post = (path: string, body: unknown, origin?: string) =>
    api.post(`/store/bnpl/carts/${cartId}/express${path}`, body, headers(origin))
  return {
    headers: () => headers(),
    /** Creates the cart with `quantity` totes; returns its id. */
    async cart(quantity: number, variantId = store.variants.tote): Promise<string> {
      const { data } = await api.post("/store/carts", { region_id: regionId, items: [{ variant_id: variantId, quantity }] }, headers())
      cartId = data.cart.id
      return cartId
    },
    start: ({ origin, providerId }: { origin?: string; providerId?: string } = {}) =>
      post("", providerId ? { provider_id: providerId } : {}, origin),
    shippingOptions: (address: Record<string, unknown>) => post("/shipping-options", address),
    complete: (orderToken: string) => post("/complete", { orderToken }),
  }
}
