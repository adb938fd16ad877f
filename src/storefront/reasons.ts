/**
 * Every reason the kit can show a shopper, with a default message a merchant can replace
 * (for another wording or a translation): pass `messages` to any function or component that
 * takes it. The `bnpl_error` reasons are the return route's (docs/storefront.md, "bnpl_error
 * reasons"); the others come from starting a checkout, from eligibility and from the order
 * status.
 */

import { KIT_INELIGIBLE_REASONS, RETURN_FAILURES, SHOPPER_WORDING } from "../vocabulary"
import { shopperText, type LocaleChoice, type LocalizedTexts, type ShopperTexts } from "./texts"

/** `bnpl_error=<reason>` on the checkout URL the return route sends the shopper to. */
export const RETURN_ERROR_REASONS = [...RETURN_FAILURES, "processing"] as const
export type ReturnErrorReason = (typeof RETURN_ERROR_REASONS)[number]

/** Why starting a checkout (creating the payment session) failed. */
export const START_ERROR_REASONS = ["not_eligible", "missing_email", "invalid_checkout", "service_unavailable", "cart_not_found", "link_not_found", "network", "unknown"] as const
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
export const EXPRESS_ERROR_REASONS = ["outside_limits", "origin_not_allowed", "address_unsupported", "address_unrecognized", "express_unavailable"] as const
export type ExpressErrorReason = (typeof EXPRESS_ERROR_REASONS)[number]

/** Every reason with a message. */
export type PayLaterReason = ReturnErrorReason | StartErrorReason | IneligibleReason | ExpressErrorReason | "processing_timeout"

/**
 * The storefront's own texts by key, for the locale it shows: any subset of the reasons
 * (`cancelled`, ...) and the kit's texts (`available`, `tryAgain`, ...) overrides the
 * built-in ones. `{minimum}` / `{maximum}` are filled where limits are known.
 */
export type PayLaterMessages = ShopperTexts

/**
 * The default English messages: the one wording of each reason (vocabulary.ts SHOPPER_WORDING),
 * but for the server's `unavailable`, which the kit reads as `service_unavailable`.
 */
const { unavailable: _serverOnly, ...kitWording } = SHOPPER_WORDING
export const DEFAULT_MESSAGES: Readonly<Record<PayLaterReason, string>> = Object.freeze(kitWording)

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
 * The message for a reason in the shopper's language (`locale`, see `shopperLocale`; default
 * English): the storefront's override (`messages`), else the merchant's for that locale
 * (`merchant`, the store's `messages`), else the built-in text; `{name}` placeholders are
 * filled from `values`. An unknown reason (a newer plugin's) gets the `payment_failed`
 * message for a `bnpl_error`, so the shopper always reads something useful.
 */
export function messageFor(
  reason: string,
  messages: PayLaterMessages = {},
  values: Record<string, string> = {},
  locale?: LocaleChoice,
  merchant?: LocalizedTexts
): string {
  const known = isPayLaterReason(reason) ? reason : "payment_failed"
  return shopperText(known, locale, { texts: messages, merchant }, values)
}

/** The texts a kit function words its failures with: the storefront's overrides and the shopper's locale. */
export interface TextOptions {
  messages?: PayLaterMessages
  /** The shopper's locale, or where to choose it from (`shopperLocale`); without it, English (and the store's own messages). */
  locale?: LocaleChoice
}

/**
 * The message of a failure the store answered: the storefront's override, else, when no
 * locale is stated, the store's own message (English, worded for shoppers), else the kit's
 * text in the locale.
 */
export function storeFailureMessage(reason: string, storeMessage: string | undefined, options: TextOptions): string {
  const override = isPayLaterReason(reason) ? options.messages?.[reason] : undefined
  return override ?? (options.locale === undefined ? storeMessage : undefined) ?? messageFor(reason, options.messages, {}, options.locale)
}
