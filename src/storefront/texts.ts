/**
 * The shopper's language and the texts in it (docs/storefront.md "Languages"): which locale a
 * page shows (`shopperLocale`), and each text from the storefront's own overrides, the
 * merchant's per locale (the store's `messages`: options over Settings -> Pay later), the
 * built-in catalogue of that language, else English (`shopperText`).
 */
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

/** Texts by locale (`{ "fr-FR": { available: "..." } }`): the merchant's overrides as the store answers them. */
export type LocalizedTexts = Readonly<Partial<Record<string, ShopperTexts>>>

/**
 * Where the shopper's language comes from, first found wins: the cart's `locale` (Medusa 2.21
 * carts have one), the storefront's stated locale (its language switch or route), the
 * region's or address's country.
 */
export interface LocaleSources {
  cartLocale?: string | null
  locale?: string | null
  countryCode?: string | null
}

/** A locale as kit functions and components take it: a BCP 47 tag the storefront states, or the sources to choose from. */
export type LocaleChoice = string | LocaleSources

/**
 * The locale a page shows: the first of the cart's locale, the storefront's, the country's
 * that the kit has texts for (a built-in language, or one of `extraLocales`: the merchant's),
 * else en-GB. A tag matches exactly ("fr-FR"), else by language ("fr-BE" and "fr" read as
 * fr-FR); a country maps to its language (COUNTRY_LOCALES: "be" reads as nl-NL). Never throws:
 * a malformed tag is skipped.
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

/** Where a text may come from besides the catalogue: the storefront's own texts, then the merchant's by locale. */
export interface TextSources {
  /** The storefront's overrides, for the locale shown (a component's `messages`): they win. */
  texts?: ShopperTexts
  /** The merchant's overrides by locale (`PayLaterEligibility.messages`). */
  merchant?: LocalizedTexts
}

/**
 * One shopper text in `locale` (resolved with `shopperLocale`), `{name}` placeholders filled
 * from `values`: the storefront's text, else the merchant's for that locale, else the built-in
 * catalogue's, else English. English for a key a merchant's own language lacks is reported
 * once per locale and key in the console.
 */
export function shopperText(key: ShopperTextKey, locale: LocaleChoice | undefined, sources: TextSources = {}, values: Record<string, string> = {}): string {
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
    console.warn(`medusa-payment-bnpl-storefront: no "${key}" text in ${locale}; the English one is shown. Add it to the messages of ${locale}. This is logged once.`)
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
