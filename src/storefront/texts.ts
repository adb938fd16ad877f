// The shopper's locale and texts. docs/storefront.md "Languages".
import {
  COUNTRY_LOCALES,
  FALLBACK_LOCALE,
  LOCALE_TAG,
  SHOPPER_CATALOGUES,
  SHOPPER_LOCALES,
  type ShopperLocale,
  type ShopperTextKey,
} from "../shopper-texts"

export { FALLBACK_LOCALE, SHOPPER_LOCALES, SHOPPER_CATALOGUES, type ShopperLocale, type ShopperTextKey }

/** Some texts of one language, by key (`cancelled`, `available`, `tryAgain`, ...). */
export type ShopperTexts = Partial<Record<ShopperTextKey, string>>

/** Texts by locale (`{ "fr-FR": { available: "..." } }`), as the store answers the merchant's. */
export type LocalizedTexts = Readonly<Partial<Record<string, ShopperTexts>>>

/** Where the locale comes from, first found wins: the cart's `locale` (Medusa 2.21+), the storefront's, the country's. */
export interface LocaleSources {
  cartLocale?: string | null
  locale?: string | null
  countryCode?: string | null
}

/** A BCP 47 tag the storefront states, or the sources to choose from. */
export type LocaleChoice = string | LocaleSources

/**
 * The locale a page shows: the first source with texts (built-in or `extraLocales`), else en-GB.
 * A tag matches exactly, else by language ("fr-BE" reads as fr-FR). Never throws.
 */
export function shopperLocale(choice?: LocaleChoice, extraLocales: readonly string[] = []): string {
  const sources: LocaleSources = typeof choice === "string" ? { locale: choice } : (choice ?? {})
  const available = [...SHOPPER_LOCALES, ...extraLocales.filter((tag) => LOCALE_TAG.test(tag))]
  for (const tag of [sources.cartLocale, sources.locale]) {
    const found = matchLocale(tag, available)
    if (found) return found
  }
  const country = typeof sources.countryCode === "string" ? COUNTRY_LOCALES[sources.countryCode.toUpperCase()] : undefined
  return country ?? FALLBACK_LOCALE
}

function matchLocale(tag: string | null | undefined, available: readonly string[]): string | undefined {
  if (typeof tag !== "string" || !LOCALE_TAG.test(tag)) return undefined
  const wanted = tag.replace(/_/g, "-").toLowerCase()
  const exact = available.find((candidate) => candidate.toLowerCase() === wanted)
  if (exact) return exact
  const language = wanted.split("-")[0]
  return available.find((candidate) => candidate.toLowerCase().split("-")[0] === language)
}

/** Where a text may come from besides the catalogue, in this order. */
export interface TextSources {
  /** The storefront's overrides for the locale shown (a component's `messages`). */
  texts?: ShopperTexts
  /** The merchant's overrides by locale (`PayLaterEligibility.messages`). */
  merchant?: LocalizedTexts
}

/**
 * One text in `locale`, `{name}` filled from `values`: `sources.texts`, else the merchant's,
 * else built-in, else English (warned once per locale and key).
 */
export function shopperText(
  key: ShopperTextKey,
  locale: LocaleChoice | undefined,
  sources: TextSources = {},
  values: Record<string, string> = {},
): string {
  const merchant = sources.merchant ?? {}
  const chosen = shopperLocale(locale, Object.keys(merchant))
  const template = sources.texts?.[key] ?? merchant[chosen]?.[key] ?? builtIn(chosen)?.[key] ?? englishFor(chosen, key)
  return fillText(template, values)
}

function builtIn(locale: string): Readonly<Record<ShopperTextKey, string>> | undefined {
  return (SHOPPER_LOCALES as readonly string[]).includes(locale) ? SHOPPER_CATALOGUES[locale as ShopperLocale] : undefined
}

const reported = new Set<string>()

function englishFor(locale: string, key: ShopperTextKey): string {
  const name = `${locale}:${key}`
  if (!reported.has(name)) {
    reported.add(name)
    console.warn(
      `medusa-payment-bnpl-storefront: no "${key}" text in ${locale}; the English one is shown. Add it to the messages of ${locale}. This is logged once.`,
    )
  }
  return SHOPPER_CATALOGUES[FALLBACK_LOCALE][key]
}

/** Forgets which missing texts were reported (for tests). */
export function forgetMissingTexts(): void {
  reported.clear()
}

/** A template with `{name}` placeholders filled from `values`; an unknown name is left as written. */
export function fillText(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (match, name: string) => values[name] ?? match)
}
