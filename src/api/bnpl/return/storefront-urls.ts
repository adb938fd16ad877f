import type { BnplOptions } from "../../../options"

/** Why the consumer was sent back to the checkout; sent to the storefront as `bnpl_error`. */
export type ReturnFailure =
  | "missing_parameters"
  | "cart_not_found"
  | "token_mismatch"
  | "cancelled"
  | "declined"
  | "expired"
  | "not_confirmed"
  | "payment_failed"

type StorefrontOptions = Pick<BnplOptions, "storefrontUrl" | "storefrontOrderPath" | "storefrontCheckoutPath">

/** The storefront's order confirmation page for an order (`storefrontOrderPath`). */
export function orderPageUrl(options: StorefrontOptions, orderId: string, cartId: string): string {
  return `${options.storefrontUrl ?? ""}${fill(options.storefrontOrderPath, { order_id: orderId, cart_id: cartId })}`
}

/** The storefront's checkout page with `bnpl_error=<reason>` (`storefrontCheckoutPath`). */
export function checkoutPageUrl(options: StorefrontOptions, cartId: string | undefined, reason: ReturnFailure): string {
  const path = fill(options.storefrontCheckoutPath, { cart_id: cartId ?? "" })
  const separator = path.includes("?") ? "&" : "?"
  return `${options.storefrontUrl ?? ""}${path}${separator}bnpl_error=${reason}`
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (match, name: string) =>
    name in values ? encodeURIComponent(values[name]) : match
  )
}
