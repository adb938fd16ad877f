import { adminHeaders, startPayLaterCheckout } from "../../../demo/script/purchase"
import { callJson, redirectTarget } from "../../../harness/http"
import type { DemoSeed } from "../../../harness/medusa-store"
import { consumerChooses, pathAndQuery } from "../../../harness/shopper"
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
 * One pay-later checkout through the store at `storeUrl` over HTTP: the demo's cart (2 × Canvas
 * Tote, Standard shipping) and its Pay later session, Confirm on the sandbox's page, then the
 * return route. The README's config names public addresses (`backendUrl`) this machine does not
 * serve, so the service's redirect is followed to this server by its path and query, as a
 * proxy in front of it would.
 */
export async function payLaterCheckout(storeUrl: string, sandboxUrl: string, seed: DemoSeed): Promise<CompletedCheckout> {
  const stack = { urls: { store: storeUrl, storefront: "https://shop.example.com", sandbox: sandboxUrl, sandboxControl: `${sandboxUrl}/__control` }, seed }
  const { token, redirectCheckoutUrl } = await startPayLaterCheckout(stack)
  const back = await consumerChooses(redirectCheckoutUrl, "confirm")
  const orderPage = await redirectTarget(`${storeUrl}${pathAndQuery(back)}`)
  const orderId = /\/order\/([^/]+)\/confirmed$/.exec(orderPage.pathname)?.[1]
  if (!orderId) throw new Error(`the return route sent the shopper to ${orderPage}, not to an order page`)
  const admin = await adminHeaders(storeUrl, seed.admin)
  const { order } = await callJson("GET", `${storeUrl}/admin/orders/${orderId}?fields=id,*payment_collections.payments`, { headers: admin })
  const ledger = await callJson<SandboxLedger>("GET", `${sandboxUrl}/__control/ledger`)
  return { orderId, orderPage, payment: order.payment_collections[0].payments[0], auths: ledger.auths.filter((auth) => auth.token === token) }
}
