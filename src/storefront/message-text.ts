import { formatAmount, instalmentAmount, toMinorUnits, type DisplayAmount } from "./amounts"
import { readPayLaterEligibility, type PayLaterEligibility } from "./eligibility"
import type { IneligibleReason, PayLaterMessages } from "./reasons"
import { messageFor } from "./reasons"
import { fillText, shopperLocale, shopperText, type LocaleChoice, type LocalizedTexts, type TextSources } from "./texts"

/** How a pay later message is worded; every field is optional. */
export interface PayLaterMessageOptions {
  /** The storefront's own texts (reasons and kit texts) for the locale shown. */
  messages?: PayLaterMessages
  /** Shown inside the limits; default the locale's "Pay later on orders from {minimum} to {maximum}." */
  available?: string
  /** The plan's instalment count; only when set is an instalment line added, as the service names no count. */
  instalments?: number
  /** The instalment line; default the locale's "Or {count} interest-free payments of {instalment}." */
  instalmentText?: string
  /** Outside the limits: `"hide"` (default) nothing, `"reason"` the reason's message, a string that text. */
  outside?: "hide" | "reason" | string
  /** A BCP 47 tag ("fr-FR") or `{ cartLocale, locale, countryCode }` (`shopperLocale`); default en-GB. */
  locale?: LocaleChoice
}

/** What to show for an amount: nothing, or a line (and an instalment line) of text. */
export type PayLaterMessageText =
  | { show: false; reason?: IneligibleReason }
  | { show: true; eligible: boolean; text: string; instalmentText?: string; reason?: IneligibleReason }

interface Wording {
  locale: string
  sources: TextSources
  instalments?: number
  outside: string
}

/**
 * The "pay later" text for an amount (major units) given `fetchLimits` or `fetchCartEligibility`
 * limits. Texts: `options`, else the merchant's for the locale, else their defaults, else built-in.
 * Never throws: bad limits or currency give `{ show: false, reason: "limits_unavailable" }`.
 */
export function payLaterMessage(
  amount: DisplayAmount,
  currency: string,
  limits: PayLaterEligibility | undefined,
  options: PayLaterMessageOptions = {},
): PayLaterMessageText {
  const known = limits === undefined ? undefined : readPayLaterEligibility(limits)
  if (limits !== undefined && !known) return { show: false, reason: "limits_unavailable" }
  try {
    return messageForLimits(amount, currency, known, wordingOf(known, options))
  } catch {
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
  return {
    locale,
    sources: { texts, merchant },
    instalments: options.instalments ?? defaults.instalments,
    outside: options.outside ?? defaults.outside ?? "hide",
  }
}

function defined<T extends Record<string, string | undefined>>(texts: T): Partial<Record<keyof T, string>> {
  return Object.fromEntries(Object.entries(texts).filter(([, text]) => text !== undefined)) as Partial<Record<keyof T, string>>
}

function messageForLimits(
  amount: DisplayAmount,
  currency: string,
  limits: PayLaterEligibility | undefined,
  wording: Wording,
): PayLaterMessageText {
  if (limits?.reason === "excluded_items") return outside("excluded_items", {}, wording)
  if (!limits?.minimumAmount || !limits.maximumAmount || !limits.currency)
    return outside(limits?.reason ?? "limits_unavailable", {}, wording)
  const minimum = toMinorUnits(limits.minimumAmount)
  const maximum = toMinorUnits(limits.maximumAmount)
  const values = {
    minimum: formatAmount(minimum, limits.currency, wording.locale),
    maximum: formatAmount(maximum, limits.currency, wording.locale),
  }
  if (typeof currency !== "string" || limits.currency.toUpperCase() !== currency.toUpperCase())
    return outside("unsupported_currency", values, wording)
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
  const instalmentText = shopperText("instalmentText", wording.locale, wording.sources, {
    ...values,
    count: String(wording.instalments),
    instalment,
  })
  return { show: true, eligible: true, text, instalmentText }
}

function outside(reason: IneligibleReason, values: Record<string, string>, wording: Wording): PayLaterMessageText {
  if (wording.outside === "hide") return { show: false, reason }
  if (wording.outside === "reason") {
    // Without known limits the "{minimum}" wording cannot be filled: say it is unavailable.
    const usable = values.minimum || (reason !== "below_minimum" && reason !== "above_maximum") ? reason : "limits_unavailable"
    return {
      show: true,
      eligible: false,
      reason,
      text: messageFor(usable, wording.sources.texts, values, wording.locale, wording.sources.merchant),
    }
  }
  return { show: true, eligible: false, reason, text: fillText(wording.outside, values) }
}
