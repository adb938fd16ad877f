/** Every reason the kit can show a shopper; pass `messages` to replace a default message. */

import { KIT_INELIGIBLE_REASONS, RETURN_FAILURES, SHOPPER_WORDING } from "../vocabulary"
import { shopperText, type LocaleChoice, type LocalizedTexts, type ShopperTexts } from "./texts"

/** `bnpl_error=<reason>` on the return route's checkout URL. docs/storefront.md "`bnpl_error` reasons". */
export const RETURN_ERROR_REASONS = [...RETURN_FAILURES, "processing"] as const
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

/** Why pay later is not offered; `excluded_items`: goods excluded by the option `exclusions`. */
export const INELIGIBLE_REASONS = KIT_INELIGIBLE_REASONS
export type IneligibleReason = (typeof INELIGIBLE_REASONS)[number]

/**
 * Why express checkout ended without an order, besides the `bnpl_error` and start reasons.
 * `origin_not_allowed` is a set-up error: the page is neither `storefrontUrl` nor a CORS origin.
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

/** The storefront's overrides by key (reasons and kit texts); `{minimum}` / `{maximum}` are filled. */
export type PayLaterMessages = ShopperTexts

/** The default English messages; the server's `unavailable` is the kit's `service_unavailable`. */
const { unavailable: _serverOnly, ...kitWording } = SHOPPER_WORDING
export const DEFAULT_MESSAGES: Readonly<Record<PayLaterReason, string>> = Object.freeze(kitWording)

/**
 * Reasons after which "Try again" completes the cart with the same session: an approval whose
 * answer was lost is found again (Auth is idempotent by `requestId`), not made twice.
 */
export const RETRY_WITH_SAME_SESSION: ReadonlySet<PayLaterReason> = new Set<PayLaterReason>([
  "payment_failed",
  "not_confirmed",
  "processing",
  "processing_timeout",
])

const NO_TRY_AGAIN: ReadonlySet<string> = new Set<PayLaterReason>(["order_on_hold"])

/** Whether a notice offers "Try again"; false for `order_on_hold`, whose payment is approved. */
export function canTryAgain(reason: string): boolean {
  return !NO_TRY_AGAIN.has(reason)
}

/** Whether "Try again" for this reason should complete the cart with the same session. */
export function canRetryWithSameSession(reason: string): boolean {
  return RETRY_WITH_SAME_SESSION.has(reason as PayLaterReason)
}

/** Whether a string is one of the kit's reasons. */
export function isPayLaterReason(value: unknown): value is PayLaterReason {
  return typeof value === "string" && Object.hasOwn(DEFAULT_MESSAGES, value)
}

/**
 * The message for a reason in `locale` (default English): `messages`, else `merchant`, else
 * built-in; `{name}` filled from `values`. An unknown reason gets the `payment_failed` text.
 */
export function messageFor(
  reason: string,
  messages: PayLaterMessages = {},
  values: Record<string, string> = {},
  locale?: LocaleChoice,
  merchant?: LocalizedTexts,
): string {
  const known = isPayLaterReason(reason) ? reason : "payment_failed"
  return shopperText(known, locale, { texts: messages, merchant }, values)
}

/** The texts a kit function words its failures with: the storefront's overrides and the shopper's locale. */
export interface TextOptions {
  messages?: PayLaterMessages
  /** The shopper's locale or where to choose it (`shopperLocale`); default English. */
  locale?: LocaleChoice
}

/** A store failure's message: the override, else (no locale) the store's English one, else the kit's. */
export function storeFailureMessage(reason: string, storeMessage: string | undefined, options: TextOptions): string {
  const override = isPayLaterReason(reason) ? options.messages?.[reason] : undefined
  return override ?? (options.locale === undefined ? storeMessage : undefined) ?? messageFor(reason, options.messages, {}, options.locale)
}
