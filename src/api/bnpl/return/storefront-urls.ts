import type { CompletionFailure } from "../../../operations/complete-cart"
import { BnplOptionsError, type BnplOptions } from "../../../options"
import { RETURN_FAILURES as VOCABULARY_RETURN_FAILURES } from "../../../vocabulary"
import { DEFAULT_STOREFRONT_PATHS, fillStorefrontPath, offStorefrontReason, type TemplateValues } from "../../../storefront-path-template"

/** Why the consumer came back to the checkout, sent as `bnpl_error` (docs/storefront.md "`bnpl_error` reasons"). */
export type ReturnFailure = CompletionFailure

/** Every `bnpl_error` the return route can send. */
export const RETURN_FAILURES = VOCABULARY_RETURN_FAILURES satisfies readonly ReturnFailure[]

type StorefrontOptions = Pick<BnplOptions, "storefrontUrl" | "storefrontOrderPath" | "storefrontCheckoutPath">

/** The return route's own query parameters: removed before the current one is set, so no old message comes back. */
export const RETURN_QUERY_PARAMETERS = ["bnpl_error", "bnpl_status"] as const

/** The cart's country for `/{country_code}/` routes: the shipping address's, else the region's only one, else undefined. */
export function storefrontCountryCode(
  cart:
    | {
        shipping_address?: { country_code?: string | null } | null
        region?: { countries?: Array<{ iso_2?: string | null }> | null } | null
      }
    | undefined,
): string | undefined {
  const fromAddress = cart?.shipping_address?.country_code
  if (fromAddress && /^[a-z]{2}$/i.test(fromAddress)) return fromAddress.toLowerCase()
  const countries = cart?.region?.countries ?? []
  const only = countries.length === 1 ? countries[0]?.iso_2 : undefined
  return only && /^[a-z]{2}$/i.test(only) ? only.toLowerCase() : undefined
}

/** The order confirmation URL, without `bnpl_*` parameters; throws BnplOptionsError if it would leave the storefront. */
export function orderPageUrl(options: StorefrontOptions, orderId: string, cartId: string, countryCode?: string): string {
  const path = fill(options, "storefrontOrderPath", { order_id: orderId, cart_id: cartId, country_code: countryCode })
  return `${options.storefrontUrl ?? ""}${withReturnParameter(path)}`
}

/** The checkout URL with exactly one `bnpl_error`; throws BnplOptionsError if it would leave the storefront. */
export function checkoutPageUrl(
  options: StorefrontOptions,
  cartId: string | undefined,
  reason: ReturnFailure,
  countryCode?: string,
): string {
  const path = fill(options, "storefrontCheckoutPath", { cart_id: cartId ?? "", country_code: countryCode })
  return `${options.storefrontUrl ?? ""}${withReturnParameter(path, ["bnpl_error", reason])}`
}

/** The checkout URL with `bnpl_status=processing`: the order is still being placed and the storefront polls its status. */
export function processingPageUrl(options: StorefrontOptions, cartId: string, countryCode?: string): string {
  const path = fill(options, "storefrontCheckoutPath", { cart_id: cartId, country_code: countryCode })
  return `${options.storefrontUrl ?? ""}${withReturnParameter(path, ["bnpl_status", "processing"])}`
}

/** Medusa's payment link page (docs/storefront.md "The payment link page: what an order still owes"). */
export function paymentLinkPageUrl(
  options: StorefrontOptions,
  paymentCollectionId: string,
  orderId: string,
  parameter?: ["bnpl_error", ReturnFailure] | ["bnpl_status", "processing"],
): string {
  const path = `/payment-collection/${encodeURIComponent(paymentCollectionId)}?order_id=${encodeURIComponent(orderId)}`
  return `${options.storefrontUrl ?? ""}${withReturnParameter(path, parameter)}`
}

// Options parsed at start-up never fail here; options built by hand might.
function fill(options: StorefrontOptions, field: "storefrontOrderPath" | "storefrontCheckoutPath", values: TemplateValues): string {
  const path = fillStorefrontPath(options[field], values, DEFAULT_STOREFRONT_PATHS[field])
  const reason = offStorefrontReason(path, options.storefrontUrl)
  if (reason) throw new BnplOptionsError(field, `${reason}; the shopper is not sent to another site`, "plugin")
  return path
}

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
