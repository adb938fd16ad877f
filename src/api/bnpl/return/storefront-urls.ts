import type { BnplOptions } from "../../../options"
import type { CompletionFailure } from "../../../operations/complete-cart"

/**
 * Why the consumer was sent back to the checkout; sent to the storefront as `bnpl_error`
 * (docs/storefront.md lists each with the words to show).
 * - `invalid_return`: a malformed return, an unknown cart, or a token that is not the cart's:
 *   one reason for all three, so the route reveals nothing about other carts.
 * - `cancelled`: the consumer cancelled on the service's screens.
 * - the provider's reasons (`declined`, `expired`, `not_confirmed`, `cart_changed`,
 *   `payment_failed`).
 */
export type ReturnFailure = CompletionFailure

type StorefrontOptions = Pick<BnplOptions, "storefrontUrl" | "storefrontOrderPath" | "storefrontCheckoutPath">

/** The storefront's order confirmation page for an order (`storefrontOrderPath`). */
export function orderPageUrl(options: StorefrontOptions, orderId: string, cartId: string): string {
  return `${options.storefrontUrl ?? ""}${fill(options.storefrontOrderPath, { order_id: orderId, cart_id: cartId })}`
}

/**
 * The storefront's checkout page with `bnpl_error=<reason>` (`storefrontCheckoutPath`).
 * `cartId` is left out (`{cart_id}` filled with nothing) when the request did not prove it
 * holds the cart.
 */
export function checkoutPageUrl(options: StorefrontOptions, cartId: string | undefined, reason: ReturnFailure): string {
  const path = fill(options.storefrontCheckoutPath, { cart_id: cartId ?? "" })
  const separator = path.includes("?") ? "&" : "?"
  return `${options.storefrontUrl ?? ""}${path}${separator}bnpl_error=${reason}`
}

/**
 * The storefront's checkout page with `bnpl_status=processing`: the consumer confirmed and the
 * order is still being placed; the storefront polls `GET /store/bnpl/carts/:id/status`.
 */
export function processingPageUrl(options: StorefrontOptions, cartId: string): string {
  const path = fill(options.storefrontCheckoutPath, { cart_id: cartId })
  const separator = path.includes("?") ? "&" : "?"
  return `${options.storefrontUrl ?? ""}${path}${separator}bnpl_status=processing`
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (match, name: string) =>
    name in values ? encodeURIComponent(values[name]) : match
  )
}
