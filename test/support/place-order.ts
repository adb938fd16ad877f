import type { AxiosInstance } from "axios"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import type { SeededStore } from "./seed-store"
import { Shopper, consumerChooses, euAddress, pathAndQuery, ukAddress } from "../../harness/shopper"

export interface PlacedOrder {
  cartId: string
  orderId: string
  /** Medusa's payment id. */
  paymentId: string
  /** The service's order id. */
  serviceOrderId: string
  total: number
  items: Array<{ id: string; quantity: number }>
}

/**
 * A cart of `quantity` totes with an address and a shipping method, its pay-later session, and
 * the consumer's approval on the service's screens: the shopper, the cart, the session and the
 * return URL the service sends the consumer to.
 */
export async function approvedCheckout(
  api: AxiosInstance,
  store: SeededStore,
  {
    quantity = 1,
    shippingOption = store.shippingOptions.standard,
    region = "uk",
  }: { quantity?: number; shippingOption?: string; region?: "uk" | "eu" } = {},
) {
  const shopper = new Shopper(api, store.publishableKey)
  const cart = await shopper.readyCart({
    regionId: store.regions[region],
    items: [{ variant_id: store.variants.tote, quantity }],
    address: region === "uk" ? ukAddress : euAddress,
    shippingOptionId: shippingOption,
  })
  const session = await shopper.initiatePaymentSession(cart.id, store.providers[region])
  const back = await consumerChooses(session.data.redirectCheckoutUrl, "confirm")
  return { shopper, cart, session, back }
}

/**
 * A whole shopper journey through the store API and the sandbox's screens, ending on the
 * return route: the way every after-the-order test starts.
 */
export async function placeOrder(
  api: AxiosInstance,
  container: MedusaContainer,
  store: SeededStore,
  {
    quantity = 2,
    shippingOption = store.shippingOptions.standard,
    region = "uk",
  }: { quantity?: number; shippingOption?: string; region?: "uk" | "eu" } = {},
): Promise<PlacedOrder> {
  const { cart, back } = await approvedCheckout(api, store, { quantity, shippingOption, region })
  const returned = await api.get(pathAndQuery(back), { maxRedirects: 0, validateStatus: () => true })
  const location = String(returned.headers.location)
  if (returned.status === 303 && location.includes("bnpl_status=processing")) {
    // The return route's deadline passed (a loaded machine): the storefront then follows the
    // status route, as docs/storefront.md says, and so does this shopper.
    await waitForOrder(api, store.publishableKey, cart.id)
  } else if (returned.status !== 303 || !location.includes("/order/")) {
    throw new Error(`the return route did not place the order: ${returned.status} ${location}`)
  }
  return readOrder(container, cart.id)
}

/** Follows `GET /store/bnpl/carts/:id/status` until the order exists; throws on `failed` or after 90 s. */
async function waitForOrder(api: AxiosInstance, publishableKey: string, cartId: string): Promise<void> {
  const deadline = Date.now() + 90_000
  for (;;) {
    const { data } = await api.get(`/store/bnpl/carts/${cartId}/status`, { headers: { "x-publishable-api-key": publishableKey } })
    if (data.status === "completed") return
    if (data.status === "failed" || Date.now() > deadline) {
      throw new Error(`the return route did not place the order: status ${JSON.stringify(data)}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}

/** The order of a completed cart, with its plugin payment. */
export async function readOrder(container: MedusaContainer, cartId: string): Promise<PlacedOrder> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "cart",
    fields: ["id", "order.id", "order.total", "order.items.id", "order.items.quantity", "order.payment_collections.payments.*"],
    filters: { id: cartId },
  })
  const order = (data[0] as any).order
  const payment = order.payment_collections[0].payments[0]
  return {
    cartId,
    orderId: order.id,
    paymentId: payment.id,
    serviceOrderId: payment.data.orderId,
    total: Number(order.total),
    items: order.items.map((item: any) => ({ id: item.id, quantity: Number(item.quantity) })),
  }
}

/** A Medusa payment as the admin sees it. */
export async function readPayment(container: MedusaContainer, paymentId: string) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "payment",
    fields: ["id", "provider_id", "amount", "captured_at", "canceled_at", "data", "captures.amount", "refunds.amount"],
    filters: { id: paymentId },
  })
  return data[0] as any
}

/** Waits for something that happens asynchronously (an event subscriber), up to `timeoutMs`. */
export async function eventually<T>(probe: () => Promise<T | undefined | false>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await probe()
    if (value) return value
    if (Date.now() > deadline) throw new Error("timed out waiting")
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/**
 * Fulfils every item of an order from the seeded stock location (the admin route) and ships it
 * with `labels` (none by default): what Medusa's admin does before `shipment.created`.
 * @returns the fulfillment's id.
 */
export async function fulfilAndShip(
  api: AxiosInstance,
  store: SeededStore,
  order: PlacedOrder,
  admin: { headers: Record<string, string> },
  labels: Array<{ tracking_number: string; tracking_url: string; label_url: string }> = [],
): Promise<string> {
  const { data: fulfilled } = await api.post(
    `/admin/orders/${order.orderId}/fulfillments?fields=id,*fulfillments`,
    { items: order.items, location_id: store.stockLocationId },
    admin,
  )
  const fulfillmentId = fulfilled.order.fulfillments[0].id
  await api.post(`/admin/orders/${order.orderId}/fulfillments/${fulfillmentId}/shipments`, { items: order.items, labels }, admin)
  return fulfillmentId
}
