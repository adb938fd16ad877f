/**
 * Every reason the kit can show a shopper, with a default message a merchant can replace
 * (for another wording or a translation): pass `messages` to any function or component that
 * takes it. The `bnpl_error` reasons are the return route's (docs/storefront.md, "bnpl_error
 * reasons"); the others come from starting a checkout, from eligibility and from the order
 * status.
 */

import { KIT_INELIGIBLE_REASONS } from "../vocabulary"

/** `bnpl_error=<reason>` on the checkout URL the return route sends the shopper to. */
export const RETURN_ERROR_REASONS = [
  "invalid_return",
  "cart_changed",
  "amount_changed",
  "order_failed",
  "order_on_hold",
  "cancelled",
  "declined",
  "expired",
  "not_confirmed",
  "payment_failed",
  "processing",
] as const
export type ReturnErrorReason = (typeof RETURN_ERROR_REASONS)[number]

/** Why starting a checkout (creating the payment session) failed. */
export const START_ERROR_REASONS = [
  "not_eligible",
  "missing_email",
  "invalid_checkout",
  "service_unavailable",
  "cart_not_found",
  "link_not_found",
  "network",
  "unknown",
] as const
export type StartErrorReason = (typeof START_ERROR_REASONS)[number]

/**
 * Why pay later is not offered for an amount, a cart or a product (the server's reasons and
 * `limits_unavailable`, vocabulary.ts); `excluded_items`: the cart holds, or the product page
 * shows, goods the merchant excluded (option `exclusions`).
 */
export const INELIGIBLE_REASONS = KIT_INELIGIBLE_REASONS
export type IneligibleReason = (typeof INELIGIBLE_REASONS)[number]

/**
 * Why express checkout (the popup from the product or cart page) ended without an order,
 * besides the `bnpl_error` reasons its completion shares with the standard flow
 * (`amount_changed`, `declined`, `cancelled`, `payment_failed`, ...) and the start reasons
 * (`service_unavailable`, `cart_not_found`, `network`, `unknown`).
 * - `outside_limits`: the cart's total is outside the account's limits (the start route's reason);
 * - `origin_not_allowed`: the page's origin is not the plugin's `storefrontUrl` nor one of the
 *   store's CORS origins (a set-up error: the start route refuses with 403);
 * - `address_unsupported` / `address_unrecognized`: the consumer's address was refused
 *   (`SHIPPING_ADDRESS_UNSUPPORTED` / `SHIPPING_ADDRESS_UNRECOGNIZED`) and they left the popup;
 * - `express_unavailable`: the service's library did not load or the popup could not open.
 */
export const EXPRESS_ERROR_REASONS = [
  "outside_limits",
  "origin_not_allowed",
  "address_unsupported",
  "address_unrecognized",
  "express_unavailable",
] as const
export type ExpressErrorReason = (typeof EXPRESS_ERROR_REASONS)[number]

/** Every reason with a message. */
export type PayLaterReason = ReturnErrorReason | StartErrorReason | IneligibleReason | ExpressErrorReason | "processing_timeout"

/** Messages by reason; any subset overrides the defaults. `{minimum}` / `{maximum}` are filled where limits are known. */
export type PayLaterMessages = Partial<Record<PayLaterReason, string>>

/** The default English messages. */
export const DEFAULT_MESSAGES: Readonly<Record<PayLaterReason, string>> = Object.freeze({
  invalid_return: "We could not match this payment to your basket. Please check your basket and pay again.",
  cart_not_found: "Your basket could not be found. Please start again.",
  link_not_found: "This payment link is not valid. Please ask the shop for a new one.",
  cart_changed: "Your basket changed after you approved pay later. Please check it and approve the payment again.",
  amount_changed: "Your basket total changed after you approved pay later. Please start the payment again.",
  order_failed: "Your order could not be placed (an item may be out of stock). Your pay later payment was cancelled; please check your basket.",
  order_on_hold: "Your payment is approved; the shop is checking your order and will contact you.",
  cancelled: "You cancelled pay later. Choose a payment method to continue.",
  declined: "Pay later was declined. Please choose another payment method.",
  expired: "Your pay later session expired. Please try again.",
  not_confirmed: "Your payment is not confirmed yet. Please try again.",
  payment_failed: "The payment could not be completed. Please try again or choose another payment method.",
  processing: "We are confirming your payment. This usually takes a few seconds.",
  processing_timeout:
    "Your payment is taking longer than usual to confirm. Please check your e-mail for an order confirmation before paying again.",
  not_eligible: "Pay later is not available for this basket.",
  missing_email: "Please enter your e-mail address before choosing pay later.",
  invalid_checkout: "Pay later could not be started for this basket. Please choose another payment method.",
  service_unavailable: "Pay later is not responding right now. Please try again in a moment.",
  network: "We could not reach the shop. Please check your connection and try again.",
  unknown: "Pay later could not be started. Please try again or choose another payment method.",
  below_minimum: "Pay later is available on orders from {minimum} to {maximum}.",
  above_maximum: "Pay later is available on orders from {minimum} to {maximum}.",
  unsupported_currency: "Pay later is not available in this currency.",
  not_in_region: "Pay later is not available in this region.",
  excluded_items: "Pay later is not available for some items in your basket.",
  disabled: "Pay later is not available at the moment.",
  limits_unavailable: "Pay later is not available right now.",
  outside_limits: "Pay later is not available for this basket's total.",
  origin_not_allowed: "Express pay later is not available on this site. Please use the checkout.",
  address_unsupported: "We do not deliver to the address you chose. Please choose another address or use the checkout.",
  address_unrecognized: "The address you chose could not be recognised. Please check it or use the checkout.",
  express_unavailable: "Express pay later could not open. Please allow pop-ups for this site, try again, or use the checkout.",
})

/**
 * Reasons after which completing the cart again with the same payment session is safe and
 * is the right first step: the service may have approved an authorisation whose answer was
 * lost, and completing again finds it (Auth is idempotent by `requestId`) instead of making
 * a second one. After any other reason the shopper needs a new checkout.
 */
export const RETRY_WITH_SAME_SESSION: ReadonlySet<PayLaterReason> = new Set<PayLaterReason>([
  "payment_failed",
  "not_confirmed",
  "processing",
  "processing_timeout",
])

/**
 * Reasons after which the shopper must not pay again: `order_on_hold` (the payment is approved
 * and the shop decides on the order), so no "Try again" is offered.
 */
const NO_TRY_AGAIN: ReadonlySet<string> = new Set<PayLaterReason>(["order_on_hold"])

/** Whether a notice for this reason offers "Try again" (a new payment); false for `order_on_hold`. */
export function canTryAgain(reason: string): boolean {
  return !NO_TRY_AGAIN.has(reason)
}

/** Whether "Try again" for this reason should complete the cart with the same session. */
export function canRetryWithSameSession(reason: string): boolean {
  return RETRY_WITH_SAME_SESSION.has(reason as PayLaterReason)
}

/** Whether a string is one of the kit's reasons. */
export function isPayLaterReason(value: unknown): value is PayLaterReason {
  return typeof value === "string" && Object.prototype.hasOwnProperty.call(DEFAULT_MESSAGES, value)
}

/**
 * The message for a reason: the merchant's override, else the default; `{name}` placeholders
 * are filled from `values`. An unknown reason (a newer plugin's) gets the `payment_failed`
 * message for a `bnpl_error`, so the shopper always reads something useful.
 */
export function messageFor(reason: string, messages: PayLaterMessages = {}, values: Record<string, string> = {}): string {
  const known = isPayLaterReason(reason) ? reason : "payment_failed"
  const template = messages[known] ?? DEFAULT_MESSAGES[known]
  return template.replace(/\{(\w+)\}/g, (match, name: string) => values[name] ?? match)
}
