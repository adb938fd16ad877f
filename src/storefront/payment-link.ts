import { DEFAULT_PROVIDER_ID } from "../vocabulary"
import { startReason, type PayLaterError, type StartCheckoutResult } from "./checkout"
import { messageFor, storeFailureMessage, type IneligibleReason, type TextOptions } from "./reasons"
import { storeRequest, type StoreClientConfig, type StoreErrorBody } from "./store-client"

/**
 * What the page behind Medusa's payment link shows (`GET /store/bnpl/payment-collections/:id?order_id=`):
 * the amount an order still owes after an edit, exchange or claim, the order's lines, and
 * whether pay later is offered for that amount. Amounts: API strings in major units
 * ("45.00") and integer minor units (4500); show them with `formatAmount(BigInt(minor), currency)`.
 */
export interface PaymentLinkView {
  payment_collection: { id: string; status: string; amount: string; amount_minor: number; currency_code: string; payable: boolean }
  order: {
    id: string
    display_id?: number
    items: Array<{ id: string; title: string; quantity: number; thumbnail: string | null; unit_price: string; unit_price_minor: number }>
  }
  /** The account's limits for the amount owed: give it to `payLaterMessage` / `<PayLaterMessage limits>` for the reason in words, limits filled. */
  pay_later: { eligible: boolean; reason?: IneligibleReason; minimumAmount?: string; maximumAmount?: string; currency: string; provider_id?: string }
}

/** What reading a payment link gives: its view, or why not (`link_not_found`, `network`, `service_unavailable`). */
export type PaymentLinkResult = { link: PaymentLinkView } | { error: PayLaterError<"link_not_found" | "network" | "service_unavailable"> }

/**
 * The path Medusa's admin copies as the payment link of an order's payment collection
 * ("Copy payment link"): `/payment-collection/{id}?order_id={order_id}`. The page at that path
 * reads `params.id` and `searchParams.order_id` and calls `readPaymentLink`.
 */
export function paymentLinkPath(paymentCollectionId: string, orderId: string): string {
  return `/payment-collection/${encodeURIComponent(paymentCollectionId)}?order_id=${encodeURIComponent(orderId)}`
}

/**
 * Reads what the payment link page shows. The collection id is the link's secret: the
 * backend answers only when `orderId` is the collection's own order, and any other pair reads
 * as `link_not_found` (never which part was wrong). Never throws.
 */
export async function readPaymentLink(
  config: StoreClientConfig,
  paymentCollectionId: string,
  orderId: string,
  options: TextOptions = {}
): Promise<PaymentLinkResult> {
  const fail = (reason: "link_not_found" | "network" | "service_unavailable"): PaymentLinkResult => ({
    error: { reason, message: messageFor(reason, options.messages, {}, options.locale) },
  })
  try {
    const answer = await storeRequest<PaymentLinkView & StoreErrorBody>(
      config,
      `/store/bnpl/payment-collections/${encodeURIComponent(paymentCollectionId)}`,
      { query: { order_id: orderId } }
    )
    if (answer.status === 200 && answer.body?.payment_collection) return { link: answer.body }
    return fail(answer.status >= 500 ? "service_unavailable" : "link_not_found")
  } catch {
    return fail("network")
  }
}

/**
 * The pay-later button of the payment link page: a payment session with the plugin's provider
 * on the ORDER's payment collection (`POST /store/payment-collections/:id/payment-sessions`,
 * Medusa's own route), for which the backend makes a checkout of exactly the amount owed, read
 * on the server from the order. Returns where to send the shopper; they come back through the
 * backend's return route to the storefront's order page, or to this page with `bnpl_error` /
 * `bnpl_status` (read them with `readPayLaterReturn`). Never throws.
 * `providerId`: the link view's `pay_later.provider_id`, else `pp_bnpl_bnpl`.
 */
export async function startPayLaterForPaymentLink(
  config: StoreClientConfig,
  paymentCollectionId: string,
  options: TextOptions & { providerId?: string } = {}
): Promise<StartCheckoutResult> {
  const providerId = options.providerId ?? DEFAULT_PROVIDER_ID
  try {
    const session = await storeRequest<
      { payment_collection?: { payment_sessions?: Array<{ provider_id: string; data?: Record<string, unknown> }> } } & StoreErrorBody
    >(config, `/store/payment-collections/${encodeURIComponent(paymentCollectionId)}/payment-sessions`, {
      method: "POST",
      body: { provider_id: providerId },
    })
    if (session.status !== 200) {
      const reason = startReason(session.status, session.body?.message, session.body?.code)
      return { error: { reason, message: storeFailureMessage(reason, session.body?.message, options) } }
    }
    const redirectUrl = session.body?.payment_collection?.payment_sessions?.find((candidate) => candidate.provider_id === providerId)?.data?.redirectCheckoutUrl
    if (typeof redirectUrl !== "string" || !/^https?:\/\//.test(redirectUrl)) return { error: { reason: "unknown", message: messageFor("unknown", options.messages, {}, options.locale) } }
    return { redirectUrl }
  } catch {
    return { error: { reason: "network", message: messageFor("network", options.messages, {}, options.locale) } }
  }
}
