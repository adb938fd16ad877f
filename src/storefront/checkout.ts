import { DEFAULT_PROVIDER_ID, PROVIDER_ID_PREFIX } from "../vocabulary"
import {
  RETURN_ERROR_REASONS,
  messageFor,
  storeFailureMessage,
  type TextOptions,
  type ReturnErrorReason,
  type StartErrorReason,
} from "./reasons"
import { storeRequest, type StoreClientConfig, type StoreErrorBody } from "./store-client"

/** The provider id a store gets with `{ resolve: "medusa-payment-bnpl/providers/bnpl", id: "bnpl" }`. */
export { DEFAULT_PROVIDER_ID }

/** A failure the shopper can read: a stable `reason` for code, a `message` for people. */
export interface PayLaterError<Reason extends string = string> {
  reason: Reason
  message: string
}

/** Where to send the shopper, or why not; plain data, safe to return from a Server Action. */
export type StartCheckoutResult = { redirectUrl: string } | { error: PayLaterError<StartErrorReason> }

/** The order, or why not; plain data, safe to return from a Server Action. */
export type CompleteCartResult = { orderId: string } | { error: PayLaterError<ReturnErrorReason> }

/** Options of `startPayLaterCheckout`. */
export interface StartCheckoutOptions extends TextOptions {
  /** The pay-later provider; default the one the cart's region offers, else `pp_bnpl_bnpl`. */
  providerId?: string
}

interface PaymentCollectionBody {
  payment_collection?: {
    id: string
    payment_sessions?: Array<{ provider_id: string; data?: Record<string, unknown> }>
  }
}

/**
 * Creates the cart's payment session and returns `{ redirectUrl }` to send the shopper to.
 * Never throws, since a production Server Action hides a thrown message: a failure is
 * `{ error: { reason, message } }`.
 */
export async function startPayLaterCheckout(
  config: StoreClientConfig,
  cartId: string,
  options: StartCheckoutOptions = {},
): Promise<StartCheckoutResult> {
  const fail = (reason: StartErrorReason, storeMessage?: string): StartCheckoutResult => ({
    error: { reason, message: storeFailureMessage(reason, storeMessage, options) },
  })
  try {
    const cart = await storeRequest<{ cart?: CartForCheckout } & StoreErrorBody>(config, `/store/carts/${encodeURIComponent(cartId)}`, {
      query: { fields: "id,region_id,payment_collection.id" },
    })
    if (cart.status === 404 || (cart.status === 200 && !cart.body?.cart)) return fail("cart_not_found")
    if (cart.status !== 200) return fail(startReason(cart.status, cart.body?.message), cart.body?.message)
    const providerId = options.providerId ?? (await payLaterProviderOf(config, cart.body?.cart?.region_id))

    let collectionId = cart.body?.cart?.payment_collection?.id
    if (!collectionId) {
      const created = await storeRequest<PaymentCollectionBody & StoreErrorBody>(config, "/store/payment-collections", {
        method: "POST",
        body: { cart_id: cartId },
      })
      collectionId = created.body?.payment_collection?.id
      if (!collectionId) return fail(startReason(created.status, created.body?.message), created.body?.message)
    }

    const session = await storeRequest<PaymentCollectionBody & StoreErrorBody>(
      config,
      `/store/payment-collections/${encodeURIComponent(collectionId)}/payment-sessions`,
      { method: "POST", body: { provider_id: providerId } },
    )
    if (session.status !== 200) return fail(startReason(session.status, session.body?.message, session.body?.code), session.body?.message)
    const data = session.body?.payment_collection?.payment_sessions?.find((candidate) => candidate.provider_id === providerId)?.data
    const redirectUrl = data?.redirectCheckoutUrl
    if (typeof redirectUrl !== "string" || !/^https?:\/\//.test(redirectUrl)) return fail("unknown")
    return { redirectUrl }
  } catch {
    return fail("network")
  }
}

interface CartForCheckout {
  region_id?: string | null
  payment_collection?: { id: string } | null
}

async function payLaterProviderOf(config: StoreClientConfig, regionId: string | null | undefined): Promise<string> {
  if (!regionId) return DEFAULT_PROVIDER_ID
  const listed = await storeRequest<{ payment_providers?: Array<{ id: string } | null> }>(config, "/store/payment-providers", {
    query: { region_id: regionId },
  })
  const offered = (listed.body?.payment_providers ?? []).map((provider) => provider?.id).filter((id): id is string => !!id)
  return offered.includes(DEFAULT_PROVIDER_ID)
    ? DEFAULT_PROVIDER_ID
    : (offered.find((id) => id.startsWith(PROVIDER_ID_PREFIX)) ?? DEFAULT_PROVIDER_ID)
}

/** The reason for a failed session creation: the error's `code`, else its message (a store without codes). */
export function startReason(status: number, message: string | undefined, code?: unknown): StartErrorReason {
  const text = message ?? ""
  if (code === "not_eligible") return "not_eligible"
  if (code === "unavailable" || code === "payment_failed") return "service_unavailable"
  if (status === 404) return "cart_not_found"
  if (/is not available for this cart/i.test(text)) return "not_eligible"
  if (/e-mail/i.test(text)) return "missing_email"
  if (status >= 500 || /could not be completed|did not answer|could not be reached|server error|busy/i.test(text)) {
    return "service_unavailable"
  }
  if (status === 400) return "invalid_checkout"
  return "unknown"
}

/** "Try again" for `RETRY_WITH_SAME_SESSION`: completes the cart with its session. Never throws. */
export async function completePayLaterCart(
  config: StoreClientConfig,
  cartId: string,
  options: TextOptions = {},
): Promise<CompleteCartResult> {
  const fail = (reason: ReturnErrorReason): CompleteCartResult => ({
    error: { reason, message: messageFor(reason, options.messages, {}, options.locale) },
  })
  try {
    const answer = await storeRequest<{ type?: "order" | "cart"; order?: { id: string }; error?: { message?: string } } & StoreErrorBody>(
      config,
      `/store/carts/${encodeURIComponent(cartId)}/complete`,
      { method: "POST" },
    )
    if (answer.status === 200 && answer.body?.type === "order" && answer.body.order?.id) return { orderId: answer.body.order.id }
    if (answer.status === 404) return fail("invalid_return")
    const code = (answer.body?.error as { code?: unknown } | undefined)?.code ?? answer.body?.code
    return fail(completionReason(answer.body?.error?.message ?? answer.body?.message, code))
  } catch {
    return fail("payment_failed")
  }
}

/** The `bnpl_error` reason a failed completion maps to; the same rules as the return route's. */
export function completionReason(message: string | undefined, code?: unknown): ReturnErrorReason {
  if (typeof code === "string" && (RETURN_ERROR_REASONS as readonly string[]).includes(code)) return code as ReturnErrorReason
  const text = message ?? ""
  if (/declined/i.test(text)) return "declined"
  if (/expired|already used/i.test(text)) return "expired"
  if (/was not authorized|not confirmed/i.test(text)) return "not_confirmed"
  if (/changed/i.test(text)) return "cart_changed"
  return "payment_failed"
}
