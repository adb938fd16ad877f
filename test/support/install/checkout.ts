import axios from "axios"
import { callJson, redirectTarget } from "../../../harness/http"
import type { DemoSeed } from "../../../harness/medusa-store"
import { consumerChooses, pathAndQuery, Shopper, ukAddress } from "../../../harness/shopper"
import type { SandboxLedger } from "../../../src/sandbox"

/** What one pay-later checkout through a server left behind. */
export interface CompletedCheckout {
  orderId: string
  /** Where the return route sent the shopper (the storefront's order page). */
  orderPage: URL
  /** The order's payment as the admin API reads it. */
  payment: { provider_id: string; amount: number; data: { orderId: string } }
  /** The sandbox's authorisations of the checkout's token. */
  auths: SandboxLedger["auths"]
}

/**
 * One pay-later checkout through the store at `storeUrl` over HTTP, as a storefront makes it:
 * a cart of the seeded tote with Standard shipping, eligible, its Pay later session, Confirm on
 * the sandbox's page, then the return route; the order read back through the admin API. The
 * README's config names public addresses (`backendUrl`) this machine does not serve, so the
 * service's redirect is followed to this server by its path and query, as a proxy in front
 * of it would.
 * @throws when a step answers otherwise (not eligible, no order page).
 */
export async function payLaterCheckout(storeUrl: string, sandboxUrl: string, seed: DemoSeed): Promise<CompletedCheckout> {
  const shopper = new Shopper(axios.create({ baseURL: storeUrl }), seed.publishableKey)
  const cart = await shopper.readyCart({
    regionId: seed.regions.uk,
    items: [{ variant_id: seed.variants.tote, quantity: 1 }],
    address: ukAddress,
    shippingOptionId: seed.shippingOptions.standard,
  })
  const eligibility = await shopper.eligibility(cart.id)
  if (!eligibility.eligible) throw new Error(`the cart is not eligible for Pay later: ${eligibility.reason}`)
  const session = await shopper.initiatePaymentSession(cart.id)
  const back = await consumerChooses(session.data.redirectCheckoutUrl, "confirm")
  const orderPage = await redirectTarget(`${storeUrl}${pathAndQuery(back)}`)
  const orderId = /\/order\/([^/]+)\/confirmed$/.exec(orderPage.pathname)?.[1]
  if (!orderId) throw new Error(`the return route sent the shopper to ${orderPage}, not to an order page`)
  const { token } = await callJson("POST", `${storeUrl}/auth/user/emailpass`, { body: seed.admin })
  const { order } = await callJson("GET", `${storeUrl}/admin/orders/${orderId}?fields=id,*payment_collections.payments`, {
    headers: { authorization: `Bearer ${token}` },
  })
  const ledger = await callJson<SandboxLedger>("GET", `${sandboxUrl}/__control/ledger`)
  return {
    orderId,
    orderPage,
    payment: order.payment_collections[0].payments[0],
    auths: ledger.auths.filter((auth) => auth.token === session.data.token),
  }
}
