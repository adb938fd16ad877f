import { DEFAULT_PROVIDER_ID } from "../vocabulary"
import { startReason, type PayLaterError, type StartCheckoutResult } from "./checkout"
import { messageFor, storeFailureMessage, type IneligibleReason, type TextOptions } from "./reasons"
import { storeRequest, type StoreClientConfig, type StoreErrorBody } from "./store-client"

/**
 * What the payment link page shows: the amount an order still owes after a change, its lines
 * and eligibility. Amounts: API strings with 2 decimals and minor units (for `formatAmount`).
 */
export interface PaymentLinkView {
  payment_collection: { id: string; status: string; amount: string; amount_minor: number; currency_code: string; payable: boolean }
  order: {
    id: string
    display_id?: number
    items: Array<{ id: string; title: string; quantity: number; thumbnail: string | null; unit_price: string; unit_price_minor: number }>
  }
  /** The limits for the amount owed, for `payLaterMessage` / `<PayLaterMessage limits>`. */
  pay_later: {
    eligible: boolean
    reason?: IneligibleReason
    minimumAmount?: string
    maximumAmount?: string
    currency: string
    provider_id?: string
  }
}

/** What reading a payment link gives: its view, or why not (`link_not_found`, `network`, `service_unavailable`). */
export type PaymentLinkResult = { link: PaymentLinkView } | { error: PayLaterError<"link_not_found" | "network" | "service_unavailable"> }

/** The path of Medusa's "Copy payment link"; its page calls `readPaymentLink` with both ids. */
export function paymentLinkPath(paymentCollectionId: string, orderId: string): string {
  return `/payment-collection/${encodeURIComponent(paymentCollectionId)}?order_id=${encodeURIComponent(orderId)}`
}

/** Reads the payment link page's view; a wrong id pair is `link_not_found`. Never throws. */
export async function readPaymentLink(
  config: StoreClientConfig,
  paymentCollectionId: string,
  orderId: string,
  options: TextOptions = {},
): Promise<PaymentLinkResult> {
  const fail = (reason: "link_not_found" | "network" | "service_unavailable"): PaymentLinkResult => ({
    error: { reason, message: messageFor(reason, options.messages, {}, options.locale) },
  })
  try {
    const answer = await storeRequest<PaymentLinkView & StoreErrorBody>(
      config,
      `/store/bnpl/payment-collections/${encodeURIComponent(paymentCollectionId)}`,
      { query: { order_id: orderId } },
    )
    if (answer.status === 200 && answer.body?.payment_collection) return { link: answer.body }
    return fail(answer.status >= 500 ? "service_unavailable" : "link_not_found")
  } catch {
    return fail("network")
  }
}

/**
 * Starts pay later for the amount the order owes and returns `{ redirectUrl }`; the shopper
 * may come back with `bnpl_error` (`readPayLaterReturn`). `providerId`: the view's
 * `pay_later.provider_id`. Never throws.
 */
export async function startPayLaterForPaymentLink(
  config: StoreClientConfig,
  paymentCollectionId: string,
  options: TextOptions & { providerId?: string } = {},
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
    const redirectUrl = session.body?.payment_collection?.payment_sessions?.find((candidate) => candidate.provider_id === providerId)?.data
      ?.redirectCheckoutUrl
    if (typeof redirectUrl !== "string" || !/^https?:\/\//.test(redirectUrl))
      return { error: { reason: "unknown", message: messageFor("unknown", options.messages, {}, options.locale) } }
    return { redirectUrl }
  } catch {
    return { error: { reason: "network", message: messageFor("network", options.messages, {}, options.locale) } }
  }
}
