// A leaf that imports nothing, so the storefront kit (in shoppers' browsers) can import it too.

/** What Medusa puts before this plugin's provider ids: `pp_` + `bnpl` + `_`, then the account id (`pp_bnpl_bnpl-eu`). */
export const PROVIDER_ID_PREFIX = "pp_bnpl_"

/** The provider id of an account configured with `id: "bnpl"`. */
export const DEFAULT_PROVIDER_ID = `${PROVIDER_ID_PREFIX}bnpl`

/** A pay-later provider id: the prefix and 1 to 64 letters, digits, `_` or `-`. */
export const PROVIDER_ID_PATTERN = new RegExp(`^${PROVIDER_ID_PREFIX}[\\w-]{1,64}$`)

/** Why pay later is not offered for an amount, a cart or a product. */
export const INELIGIBLE_REASONS = [
  "below_minimum",
  "above_maximum",
  "unsupported_currency",
  "not_in_region",
  "excluded_items",
  "disabled",
] as const

/** The kit's reasons: the server's, and `limits_unavailable` when the kit could not read the limits. */
export const KIT_INELIGIBLE_REASONS = [...INELIGIBLE_REASONS, "limits_unavailable"] as const

/** The plugin's jobs (docs/operations.md "Jobs"), each by its `schedules` key; the prune job has no option. */
export const JOBS = {
  refreshConfiguration: {
    runName: "refresh-configuration",
    medusaName: "medusa-payment-bnpl-refresh-configuration",
    defaultSchedule: "17 3 * * *",
  },
  authorizationExpiry: {
    runName: "authorization-expiry",
    medusaName: "medusa-payment-bnpl-authorization-expiry",
    defaultSchedule: "5 * * * *",
  },
  reconcilePayments: {
    runName: "reconcile-payments",
    medusaName: "medusa-payment-bnpl-reconcile-payments",
    defaultSchedule: "*/30 * * * *",
  },
  completePendingCarts: {
    runName: "complete-pending-carts",
    medusaName: "medusa-payment-bnpl-complete-pending-carts",
    defaultSchedule: "* * * * *",
  },
  repairOrders: { runName: "repair-orders", medusaName: "medusa-payment-bnpl-repair-orders", defaultSchedule: "* * * * *" },
  // Daily at 03:41, away from the other jobs' minutes.
  pruneServiceCalls: {
    runName: "prune-service-calls",
    medusaName: "medusa-payment-bnpl-prune-service-calls",
    defaultSchedule: "41 3 * * *",
  },
} as const

/** Every reason a shopper can be told, in its one English wording; `{minimum}`, `{maximum}` filled where known. */
export const SHOPPER_WORDING = {
  invalid_return: "We could not match this payment to your basket. Please check your basket and pay again.",
  cart_not_found: "Your basket could not be found. Please start again.",
  link_not_found: "This payment link is not valid. Please ask the shop for a new one.",
  cart_changed: "Your basket changed after you approved pay later. Please check it and approve the payment again.",
  amount_changed: "Your basket total changed after you approved pay later. Please start the payment again.",
  order_failed:
    "Your order could not be placed (an item may be out of stock). Your pay later payment was cancelled; please check your basket.",
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
  unavailable: "Pay later is not available right now. Please try again later or choose another payment method.",
} as const

/** Every `bnpl_error` of the return route (docs/storefront.md "`bnpl_error` reasons"). */
export const RETURN_FAILURES = [
  "invalid_return",
  "cancelled",
  "declined",
  "expired",
  "not_confirmed",
  "cart_changed",
  "amount_changed",
  "order_failed",
  "order_on_hold",
  "payment_failed",
] as const

/** The popup's address (docs/service-api.md "Express checkout"): `suburb` is the town, `area2` a local area or province. */
export interface PopupAddress {
  name?: string
  address1: string
  address2?: string
  area2?: string
  suburb?: string
  state?: string
  postcode?: string
  /** ISO 3166-1 alpha-2 ("GB"), any case. */
  countryCode: string
  phoneNumber?: string
}
