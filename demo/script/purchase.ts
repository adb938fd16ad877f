import type { SandboxLedger } from "../../src/sandbox"
import type { DemoStack } from "../stack"
import { consumerChooses } from "./consumer"
import { callJson, eventually, redirectTarget } from "../../harness/http"
import { SAMPLE_ADDRESS as ADDRESS } from "../../harness/sample-address"

const TRACKING = {
  tracking_number: "RM123456789GB",
  tracking_url: "https://track.example.com/RM123456789GB",
  label_url: "https://labels.example.com/RM123456789GB.pdf",
}
const REFUND = 10

/** What the scripted purchase produced, for callers that check it. */
export interface PurchaseResult {
  cartId: string
  token: string
  orderId: string
  paymentId: string
  serviceOrderId: string
  total: number
  ledger: SandboxLedger
}

const gbp = (amount: number | string) => `£${Number(amount).toFixed(2)}`

/**
 * One whole purchase over HTTP, the way a shopper, the service's page and a merchant's admin
 * would make it: store API checkout, the sandbox page's Confirm form, the return route, then
 * the admin API's fulfillment, shipment with a label, capture and a partial refund. Prints
 * each step with what the sandbox's ledger recorded; throws at the first step that fails.
 */
export async function runScriptedPurchase(
  stack: Pick<DemoStack, "urls" | "seed">,
  print: (line: string) => void = console.log,
): Promise<PurchaseResult> {
  const { urls, seed } = stack
  const ledger = () => callJson<SandboxLedger>("GET", `${urls.sandboxControl}/ledger`)
  const { cart, token, orderId, order, payment, serviceOrderId, admin } = await placeOrderPaidLater(stack, print)

  // 4. The merchant fulfils and ships with a label: the plugin sends the courier to the service.
  const items = order.items.map((item: any) => ({ id: item.id, quantity: Number(item.quantity) }))
  const { order: fulfilled } = await callJson("POST", `${urls.store}/admin/orders/${orderId}/fulfillments?fields=id,*fulfillments`, {
    headers: admin,
    body: { items, location_id: seed.stockLocationId },
  })
  await callJson("POST", `${urls.store}/admin/orders/${orderId}/fulfillments/${fulfilled.fulfillments[0].id}/shipments`, {
    headers: admin,
    body: { items, labels: [TRACKING] },
  })
  const courier = await eventually(
    async () => (await ledger()).courierUpdates.find((update) => update.orderId === serviceOrderId),
    "the courier update in the sandbox ledger",
  )
  print(
    `4. Shipped with tracking ${TRACKING.tracking_number}: the ledger shows courier "${courier.courier.name}", tracking ${courier.courier.tracking}, priority ${courier.courier.priority}`,
  )

  // 5. The merchant captures, then refunds part of it.
  await callJson("POST", `${urls.store}/admin/payments/${payment.id}/capture`, { headers: admin, body: {} })
  await callJson("POST", `${urls.store}/admin/payments/${payment.id}/refund`, { headers: admin, body: { amount: REFUND } })
  const after = await ledger()
  const capture = after.captures.find((entry) => entry.orderId === serviceOrderId)
  const refund = after.refunds.find((entry) => entry.orderId === serviceOrderId)
  if (!capture || !refund) throw new Error("the ledger does not show the capture and the refund")
  if (Number(refund.amount.amount) !== REFUND) throw new Error(`the ledger shows a refund of ${refund.amount.amount}, not ${REFUND}`)
  print(
    `5. Partly refunded: the ledger shows a capture of ${gbp(capture.amount.amount)} and a refund of ${gbp(refund.amount.amount)} (${refund.refundId})`,
  )

  return { cartId: cart.id, token, orderId, paymentId: payment.id, serviceOrderId, total: Number(order.total), ledger: after }
}

/**
 * Steps 1 to 3 of the purchase: the shopper's cart (2 × Canvas Tote and Standard shipping,
 * £95.99), the sandbox page's Confirm and the return route; the order is placed with its
 * payment authorised and nothing captured. Returns the order as the admin API reads it and the
 * admin's headers.
 */
export async function placeOrderPaidLater(stack: Pick<DemoStack, "urls" | "seed">, print: (line: string) => void = console.log) {
  const { urls, seed } = stack
  const { cart, collection, token, redirectCheckoutUrl } = await startPayLaterCheckout(stack)
  print(`1. Checkout created: token ${token} for ${gbp(collection.amount)} (cart ${cart.id}, 2 × Canvas Tote + Standard Shipping)`)

  // 2. The consumer presses Confirm on the sandbox's page and is sent back to the store.
  const returnUrl = await consumerChooses(redirectCheckoutUrl, "confirm")
  print(`2. Consumer confirmed on ${redirectCheckoutUrl} and was sent back to ${returnUrl.origin}${returnUrl.pathname}`)

  // 3. The return route completes the cart (Auth on the service) and redirects to the order page.
  const orderPage = await redirectTarget(returnUrl.toString())
  const orderId = /\/order\/([^/]+)\/confirmed$/.exec(orderPage.pathname)?.[1]
  if (!orderId) throw new Error(`the return route sent the consumer to ${orderPage} instead of the order page`)
  const admin = await adminHeaders(urls.store, seed.admin)
  const { order } = await callJson(
    "GET",
    `${urls.store}/admin/orders/${orderId}?fields=id,display_id,total,*items,*payment_collections.payments`,
    { headers: admin },
  )
  const payment = order.payment_collections[0].payments[0]
  const serviceOrderId: string = payment.data.orderId
  print(
    `3. Order placed: ${orderId} (#${order.display_id}, ${gbp(order.total)}), service order ${serviceOrderId}; storefront page ${orderPage}`,
  )

  return { cart, token: token as string, orderId, order, payment, serviceOrderId, admin }
}

/** Signs in as the admin user, as the dashboard does, and returns the bearer header. */
/** Medusa admin headers for the demo's login (a bearer token from the emailpass provider). */
export async function adminHeaders(storeUrl: string, login: { email: string; password: string }): Promise<Record<string, string>> {
  const { token } = await callJson("POST", `${storeUrl}/auth/user/emailpass`, { body: login })
  return { authorization: `Bearer ${token}` }
}

/**
 * Step 1 of the scripted purchase: a shopper's cart (2 × Canvas Tote, Standard shipping), checked
 * eligible, and its Pay later session through Medusa's standard store API: the checkout's token
 * and the service's page for the consumer.
 */
export async function startPayLaterCheckout(stack: Pick<DemoStack, "urls" | "seed">) {
  const { urls, seed } = stack
  const store = { "x-publishable-api-key": seed.publishableKey }
  const { cart } = await callJson("POST", `${urls.store}/store/carts`, {
    headers: store,
    body: {
      region_id: seed.regions.uk,
      email: "ada@example.com",
      items: [{ variant_id: seed.variants.tote, quantity: 2 }],
      shipping_address: ADDRESS,
      billing_address: ADDRESS,
    },
  })
  await callJson("POST", `${urls.store}/store/carts/${cart.id}/shipping-methods`, {
    headers: store,
    body: { option_id: seed.shippingOptions.standard },
  })
  const eligibility = await callJson("GET", `${urls.store}/store/bnpl/eligibility?cart_id=${cart.id}`, { headers: store })
  if (!eligibility.eligible) throw new Error(`the cart is not eligible for Pay later: ${eligibility.reason}`)
  const { payment_collection: collection } = await callJson("POST", `${urls.store}/store/payment-collections`, {
    headers: store,
    body: { cart_id: cart.id },
  })
  const { payment_collection: withSession } = await callJson(
    "POST",
    `${urls.store}/store/payment-collections/${collection.id}/payment-sessions`,
    { headers: store, body: { provider_id: "pp_bnpl_bnpl" } },
  )
  const session = withSession.payment_sessions.find((candidate: any) => candidate.provider_id === "pp_bnpl_bnpl")
  return { cart, collection, token: session.data.token as string, redirectCheckoutUrl: session.data.redirectCheckoutUrl as string }
}
