import type { CompletionFailure } from "../../../operations/complete-cart"
import { BnplOptionsError, type BnplOptions } from "../../../options"
import { RETURN_FAILURES as VOCABULARY_RETURN_FAILURES } from "../../../vocabulary"
import { DEFAULT_STOREFRONT_PATHS, fillStorefrontPath, offStorefrontReason, type TemplateValues } from "../../../storefront-path-template"

/**
 * Why the consumer was sent back to the checkout; sent to the storefront as `bnpl_error`
 * (docs/storefront.md lists each with the words to show).
 * - `invalid_return`: a malformed return, an unknown cart, or a token that is not the cart's:
 *   one reason for all three, so the route reveals nothing about other carts.
 * - `cancelled`: the consumer cancelled on the service's screens.
 * - the provider's reasons (`declined`, `expired`, `not_confirmed`, `cart_changed`,
 *   `amount_changed`, `order_failed`, `order_on_hold`, `payment_failed`, ...; payments/errors.ts).
 */
export type ReturnFailure = CompletionFailure

/** Every `bnpl_error` the return route can send (the start-only reasons never reach it); one list, in vocabulary.ts. */
export const RETURN_FAILURES = VOCABULARY_RETURN_FAILURES satisfies readonly ReturnFailure[]

type StorefrontOptions = Pick<BnplOptions, "storefrontUrl" | "storefrontOrderPath" | "storefrontCheckoutPath">

/**
 * The query parameters the return route owns on a storefront URL. A template or an earlier
 * redirect that already carries one of them must not bring an old message back, so they are
 * removed before the current one (if any) is set.
 */
export const RETURN_QUERY_PARAMETERS = ["bnpl_error", "bnpl_status"] as const

/**
 * The two-letter country the storefront's `/{country_code}/...` routes use for a cart: its
 * shipping address's country, else the region's only country. Undefined when neither says
 * (the path then loses its `{country_code}` segment and the storefront picks one, as the
 * Medusa starters' middleware does). Pass the cart as read with the fields
 * `shipping_address.country_code` and `region.countries.iso_2`.
 */
export function storefrontCountryCode(cart: {
  shipping_address?: { country_code?: string | null } | null
  region?: { countries?: Array<{ iso_2?: string | null }> | null } | null
} | undefined): string | undefined {
  const fromAddress = cart?.shipping_address?.country_code
  if (fromAddress && /^[a-z]{2}$/i.test(fromAddress)) return fromAddress.toLowerCase()
  const countries = cart?.region?.countries ?? []
  const only = countries.length === 1 ? countries[0]?.iso_2 : undefined
  return only && /^[a-z]{2}$/i.test(only) ? only.toLowerCase() : undefined
}

/**
 * The storefront's order confirmation page for an order (`storefrontOrderPath`, with
 * `{order_id}`, `{cart_id}` and `{country_code}` replaced). Never carries `bnpl_error` or
 * `bnpl_status`, even when the template does.
 * @throws BnplOptionsError naming `storefrontOrderPath` when the filled URL would leave the
 *   storefront (a path starting with `//`, another origin); `parseOptions` refuses such a
 *   template at start-up.
 */
export function orderPageUrl(options: StorefrontOptions, orderId: string, cartId: string, countryCode?: string): string {
  const path = fill(options, "storefrontOrderPath", { order_id: orderId, cart_id: cartId, country_code: countryCode })
  return `${options.storefrontUrl ?? ""}${withReturnParameter(path)}`
}

/**
 * The storefront's checkout page (`storefrontCheckoutPath`, with `{cart_id}` and
 * `{country_code}` replaced) with `bnpl_error=<reason>`: exactly one, the current one, whatever
 * the template or an earlier return left in the query string.
 * @throws BnplOptionsError naming `storefrontCheckoutPath` when the filled URL would leave the
 *   storefront (see `orderPageUrl`).
 */
export function checkoutPageUrl(
  options: StorefrontOptions,
  cartId: string | undefined,
  reason: ReturnFailure,
  countryCode?: string
): string {
  const path = fill(options, "storefrontCheckoutPath", { cart_id: cartId ?? "", country_code: countryCode })
  return `${options.storefrontUrl ?? ""}${withReturnParameter(path, ["bnpl_error", reason])}`
}

/**
 * The storefront's checkout page with `bnpl_status=processing`: the consumer confirmed and the
 * order is still being placed; the storefront polls `GET /store/bnpl/carts/:id/status`.
 */
export function processingPageUrl(options: StorefrontOptions, cartId: string, countryCode?: string): string {
  const path = fill(options, "storefrontCheckoutPath", { cart_id: cartId, country_code: countryCode })
  return `${options.storefrontUrl ?? ""}${withReturnParameter(path, ["bnpl_status", "processing"])}`
}

/**
 * The page behind Medusa's payment link, `{storefrontUrl}/payment-collection/{id}?order_id=`
 * (the path Medusa's admin copies with "Copy payment link"), with `bnpl_error=<reason>` or
 * `bnpl_status=processing` when given: where the return of an order's payment collection sends
 * a consumer whose payment was not attached (docs/storefront.md "The payment link page").
 */
export function paymentLinkPageUrl(
  options: StorefrontOptions,
  paymentCollectionId: string,
  orderId: string,
  parameter?: ["bnpl_error", ReturnFailure] | ["bnpl_status", "processing"]
): string {
  const path = `/payment-collection/${encodeURIComponent(paymentCollectionId)}?order_id=${encodeURIComponent(orderId)}`
  return `${options.storefrontUrl ?? ""}${withReturnParameter(path, parameter)}`
}

// The template filled (fillStorefrontPath) and judged as the browser will read it: options
// parsed at start-up never fail here, options built by hand might.
function fill(options: StorefrontOptions, field: "storefrontOrderPath" | "storefrontCheckoutPath", values: TemplateValues): string {
  const path = fillStorefrontPath(options[field], values, DEFAULT_STOREFRONT_PATHS[field])
  const reason = offStorefrontReason(path, options.storefrontUrl)
  if (reason) throw new BnplOptionsError(field, `${reason}; the shopper is not sent to another site`, "plugin")
  return path
}

// Rewrites the query string of a path: the return route's own parameters removed, then
// `parameter` (if given) appended. Other parameters keep their order and spelling.
function withReturnParameter(path: string, parameter?: [string, string]): string {
  const hashAt = path.indexOf("#")
  const beforeHash = hashAt < 0 ? path : path.slice(0, hashAt)
  const fragment = hashAt < 0 ? "" : path.slice(hashAt)
  const queryAt = beforeHash.indexOf("?")
  const pathname = queryAt < 0 ? beforeHash : beforeHash.slice(0, queryAt)
  const kept = (queryAt < 0 ? "" : beforeHash.slice(queryAt + 1))
    .split("&")
    .filter((pair) => pair !== "" && !(RETURN_QUERY_PARAMETERS as readonly string[]).includes(pair.split("=")[0]))
  if (parameter) kept.push(`${parameter[0]}=${encodeURIComponent(parameter[1])}`)
  return `${pathname}${kept.length ? `?${kept.join("&")}` : ""}${fragment}`
}
