import { formatAmount, instalmentAmount, toMinorUnits, type DisplayAmount } from "./amounts"
import { readPayLaterEligibility, type PayLaterEligibility } from "./eligibility"
import type { IneligibleReason, PayLaterMessages } from "./reasons"
import { messageFor } from "./reasons"
import { fillText, shopperLocale, shopperText, type LocaleChoice, type LocalizedTexts, type TextSources } from "./texts"

/** How a pay later message is worded; every field is optional. */
export interface PayLaterMessageOptions {
  /** The storefront's own texts (reasons such as `below_minimum`, and `available`, `instalmentText`), for the locale shown. */
  messages?: PayLaterMessages
  /** Shown inside the limits; default the locale's "Pay later on orders from {minimum} to {maximum}." */
  available?: string
  /**
   * The number of instalments the merchant's plan has. Only when set is an instalment line
   * added ("Or {count} interest-free payments of {instalment}."): the service's document names no count.
   */
  instalments?: number
  /** The instalment line; default the locale's "Or {count} interest-free payments of {instalment}." */
  instalmentText?: string
  /**
   * Outside the limits: `"hide"` (default) shows nothing, `"reason"` shows the reason's message
   * (e.g. "Pay later is available on orders from £1.00 to £1,000.00."), a string shows that text.
   */
  outside?: "hide" | "reason" | string
  /**
   * The shopper's locale for texts and amounts: a BCP 47 tag the storefront states ("fr-FR"),
   * or `{ cartLocale, locale, countryCode }` to choose from (`shopperLocale`); default en-GB.
   */
  locale?: LocaleChoice
}

/** What to show for an amount: nothing, or a line (and an instalment line) of text. */
export type PayLaterMessageText =
  | { show: false; reason?: IneligibleReason }
  | { show: true; eligible: boolean; text: string; instalmentText?: string; reason?: IneligibleReason }

// The message's wording as resolved: the locale, the texts by precedence, the instalment count and the outside mode.
interface Wording {
  locale: string
  sources: TextSources
  instalments?: number
  outside: string
}

/**
 * The text of "pay later" for a product or cart amount, given the limits (from `fetchLimits`
 * or `fetchCartEligibility`), in the shopper's locale: texts from that language's catalogue,
 * amounts formatted with `Intl.NumberFormat` for the locale and the currency (exactly, from
 * the decimal strings; the instalment in integer minor units). Inside the limits: the
 * available line and, if the merchant set `instalments`, the instalment line. Outside:
 * nothing, the reason, or the merchant's text. Limits in another currency than `currency`
 * count as `unsupported_currency`. Each text is the storefront's (`options`), else the
 * merchant's for the locale (`limits.messages`), else the merchant's defaults
 * (`limits.message`, any language), else the built-in one.
 * Never throws: limits that `readPayLaterEligibility` refuses (a made-up currency, strings for
 * booleans, huge amounts), a currency `Intl` refuses, or an instalment count that is not a
 * positive integer give `{ show: false, reason: "limits_unavailable" }`.
 */
export function payLaterMessage(
  amount: DisplayAmount,
  currency: string,
  limits: PayLaterEligibility | undefined,
  options: PayLaterMessageOptions = {}
): PayLaterMessageText {
  const known = limits === undefined ? undefined : readPayLaterEligibility(limits)
  if (limits !== undefined && !known) return { show: false, reason: "limits_unavailable" }
  try {
    return messageForLimits(amount, currency, known, wordingOf(known, options))
  } catch {
    // Intl's RangeError for a currency it does not know, or a bad instalment count.
    return { show: false, reason: "limits_unavailable" }
  }
}

function wordingOf(limits: PayLaterEligibility | undefined, options: PayLaterMessageOptions): Wording {
  const merchantByLocale = limits?.messages ?? {}
  const locale = shopperLocale(options.locale, Object.keys(merchantByLocale))
  const defaults = limits?.message ?? {}
  const languageLess = { available: defaults.available, instalmentText: defaults.instalmentText }
  const merchant: LocalizedTexts = { ...merchantByLocale, [locale]: { ...defined(languageLess), ...merchantByLocale[locale] } }
  const texts = { ...options.messages, ...defined({ available: options.available, instalmentText: options.instalmentText }) }
  return { locale, sources: { texts, merchant }, instalments: options.instalments ?? defaults.instalments, outside: options.outside ?? defaults.outside ?? "hide" }
}

function defined<T extends Record<string, string | undefined>>(texts: T): Partial<Record<keyof T, string>> {
  return Object.fromEntries(Object.entries(texts).filter(([, text]) => text !== undefined)) as Partial<Record<keyof T, string>>
}

function messageForLimits(amount: DisplayAmount, currency: string, limits: PayLaterEligibility | undefined, wording: Wording): PayLaterMessageText {
  // Excluded goods: whatever the amount, pay later is not offered.
  if (limits?.reason === "excluded_items") return outside("excluded_items", {}, wording)
  if (!limits?.minimumAmount || !limits.maximumAmount || !limits.currency) return outside(limits?.reason ?? "limits_unavailable", {}, wording)
  const minimum = toMinorUnits(limits.minimumAmount)
  const maximum = toMinorUnits(limits.maximumAmount)
  const values = { minimum: formatAmount(minimum, limits.currency, wording.locale), maximum: formatAmount(maximum, limits.currency, wording.locale) }
  if (typeof currency !== "string" || limits.currency.toUpperCase() !== currency.toUpperCase()) return outside("unsupported_currency", values, wording)
  let minor: bigint
  try {
    minor = toMinorUnits(amount)
  } catch {
    return { show: false }
  }
  if (minor < minimum) return outside("below_minimum", values, wording)
  if (minor > maximum) return outside("above_maximum", values, wording)
  const text = shopperText("available", wording.locale, wording.sources, values)
  if (!wording.instalments) return { show: true, eligible: true, text }
  const instalment = formatAmount(instalmentAmount(minor, wording.instalments), currency, wording.locale)
  const instalmentText = shopperText("instalmentText", wording.locale, wording.sources, { ...values, count: String(wording.instalments), instalment })
  return { show: true, eligible: true, text, instalmentText }
}

function outside(reason: IneligibleReason, values: Record<string, string>, wording: Wording): PayLaterMessageText {
  if (wording.outside === "hide") return { show: false, reason }
  if (wording.outside === "reason") {
    // Without known limits the "{minimum}" wording cannot be filled: say it is unavailable.
    const usable = values.minimum || (reason !== "below_minimum" && reason !== "above_maximum") ? reason : "limits_unavailable"
    return { show: true, eligible: false, reason, text: messageFor(usable, wording.sources.texts, values, wording.locale, wording.sources.merchant) }
  }
  return { show: true, eligible: false, reason, text: fillText(wording.outside, values) }
}
