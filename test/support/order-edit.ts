import type { AxiosInstance } from "axios"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import type { SeededStore } from "./seed-store"
import { Shopper, ukAddress } from "../../harness/shopper"

type Headers = { headers: Record<string, string> }

/**
 * An order placed and paid in full with Medusa's system provider (`pp_system_default`), its
 * payment captured from the admin: the state in which Medusa leaves only what an order edit
 * adds in a new `not_paid` payment collection (createOrUpdateOrderPaymentCollectionWorkflow).
 */
export async function placeCapturedSystemOrder(api: AxiosInstance, store: SeededStore, admin: Headers): Promise<{ orderId: string }> {
  const shopper = new Shopper(api, store.publishableKey)
  const headers = { headers: { "x-publishable-api-key": store.publishableKey } }
  const cart = await shopper.createCart({
    regionId: store.regions.uk,
    items: [{ variant_id: store.variants.tote, quantity: 1 }],
    address: ukAddress,
  })
  await shopper.addShippingMethod(cart.id, store.shippingOptions.standard)
  const { data: created } = await api.post("/store/payment-collections", { cart_id: cart.id }, headers)
  await api.post(
    `/store/payment-collections/${created.payment_collection.id}/payment-sessions`,
    { provider_id: "pp_system_default" },
    headers,
  )
  const completed = await shopper.complete(cart.id)
  if (completed.data?.type !== "order") throw new Error(`the system-paid cart did not become an order: ${JSON.stringify(completed.data)}`)
  const orderId = completed.data.order.id as string
  const { data } = await api.get(`/admin/orders/${orderId}?fields=id,*payment_collections.payments`, admin)
  for (const collection of data.order.payment_collections) {
    for (const payment of collection.payments ?? []) await api.post(`/admin/payments/${payment.id}/capture`, {}, admin)
  }
  return { orderId }
}

/** The admin's order edit adding `quantity` of a variant, requested and confirmed (Medusa's own routes). */
export async function editOrderAddingItem(
  api: AxiosInstance,
  admin: Headers,
  orderId: string,
  variantId: string,
  quantity = 1,
): Promise<void> {
  await api.post("/admin/order-edits", { order_id: orderId }, admin)
  await api.post(`/admin/order-edits/${orderId}/items`, { items: [{ variant_id: variantId, quantity }] }, admin)
  await api.post(`/admin/order-edits/${orderId}/request`, {}, admin)
  await api.post(`/admin/order-edits/${orderId}/confirm`, {}, admin)
}

export interface OrderCollectionState {
  id: string
  status: string
  amount: number
  payments: Array<{ id: string; provider_id: string; amount: number; canceled_at?: string | null; data?: Record<string, any> }>
}

/** The order's payment collections as the admin's order page lists them, newest last. */
export async function orderCollections(container: MedusaContainer, orderId: string): Promise<OrderCollectionState[]> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: [
      "id",
      "payment_collections.id",
      "payment_collections.status",
      "payment_collections.amount",
      "payment_collections.created_at",
      "payment_collections.payments.*",
    ],
    filters: { id: orderId },
  })
  const collections = ((data[0] as any)?.payment_collections ?? []) as any[]
  return collections
    .sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at))
    .map((collection) => ({
      id: collection.id,
      status: collection.status,
      amount: Number(collection.amount),
      payments: (collection.payments ?? []).map((payment: any) => ({ ...payment, amount: Number(payment.amount) })),
    }))
}

/** The one `not_paid` collection an edit left on the order (what the payment link pays). */
export async function owedCollection(container: MedusaContainer, orderId: string): Promise<OrderCollectionState> {
  const owed = (await orderCollections(container, orderId)).filter(
    (collection) => collection.status === "not_paid" || collection.status === "awaiting",
  )
  if (owed.length !== 1)
    throw new Error(`expected one collection still owed on ${orderId}, found ${JSON.stringify(await orderCollections(container, orderId))}`)
  return owed[0]
}

/**
 * The admin's exchange (Medusa's own routes) on a fulfilled order: the order's first line
 * fulfilled, then returned (1) against `outbound` of a variant, requested, which confirms it.
 */
export async function exchangeFirstLine(
  api: AxiosInstance,
  admin: Headers,
  store: SeededStore,
  orderId: string,
  outbound: { variant_id: string; quantity: number },
): Promise<void> {
  const { data } = await api.get(`/admin/orders/${orderId}?fields=id,*items`, admin)
  const line = data.order.items[0]
  await api.post(
    `/admin/orders/${orderId}/fulfillments`,
    { items: [{ id: line.id, quantity: 1 }], location_id: store.stockLocationId },
    admin,
  )
  const { data: created } = await api.post("/admin/exchanges", { order_id: orderId }, admin)
  const exchangeId = created.exchange.id
  await api.post(
    `/admin/exchanges/${exchangeId}/inbound/items`,
    { items: [{ id: line.id, quantity: 1 }], location_id: store.stockLocationId },
    admin,
  )
  await api.post(`/admin/exchanges/${exchangeId}/outbound/items`, { items: [outbound] }, admin)
  await api.post(`/admin/exchanges/${exchangeId}/request`, {}, admin)
}
