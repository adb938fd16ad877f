import { MedusaError } from "@medusajs/framework/utils"
import type { BnplOptions } from "../../../options"
import { isShopperReason, type ShopperReason } from "../../../payments/errors"

/**
 * Why the consumer was sent back to the checkout; sent to the storefront as `bnpl_error`
 * (docs/storefront.md lists each with the words to show).
 * - `invalid_return`: a malformed return, an unknown cart, or a token that is not the cart's:
 *   one reason for all three, so the route reveals nothing about other carts.
 * - `cancelled`: the consumer cancelled on the service's screens.
 * - the provider's reasons (`declined`, `expired`, `not_confirmed`, `cart_changed`,
 *   `payment_failed`).
 */
export type ReturnFailure = "invalid_return" | "cancelled" | ShopperReason

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
 * The reason for a completion that failed, read from the error's machine-readable `code`
 * (set by the provider, errors.ts), never from its wording. Medusa's own "not authorized"
 * answer to a `requires_more` session becomes `not_confirmed`.
 */
export function returnFailureReason(error: { code?: unknown; type?: unknown } | undefined): ReturnFailure {
  const code = typeof error?.code === "string" ? error.code : undefined
  if (isShopperReason(code)) return code
  if (error?.type === MedusaError.Types.PAYMENT_REQUIRES_MORE_ERROR) return "not_confirmed"
  // complete-cart's own wording for a session whose provider answered requires_more.
  if (error?.type === MedusaError.Types.NOT_ALLOWED && /was not authorized with the provider/i.test(String((error as any).message)))
    return "not_confirmed"
  return "payment_failed"
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (match, name: string) =>
    name in values ? encodeURIComponent(values[name]) : match
  )
}
