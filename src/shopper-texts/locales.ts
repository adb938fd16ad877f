/**
 * The shopper languages the plugin ships texts for, and how a country maps to one. A leaf:
 * it imports nothing, so the storefront kit (in shoppers' browsers), the options schema and
 * the server read the same list (docs/storefront.md "Languages").
 */

/** The built-in shopper locales (BCP 47), the fallback first: the UK account's and the EU account's markets. */
export const SHOPPER_LOCALES = ["en-GB", "fr-FR", "de-DE", "es-ES", "it-IT", "nl-NL"] as const
export type ShopperLocale = (typeof SHOPPER_LOCALES)[number]

/** The language every missing text falls back to. */
export const FALLBACK_LOCALE: ShopperLocale = "en-GB"

/**
 * The locale a country's shoppers read when neither the cart nor the storefront states one
 * (ISO 3166-1 alpha-2, upper case). Belgium and Switzerland speak several languages: their
 * majority language here, and a storefront with a language switch states the shopper's.
 */
export const COUNTRY_LOCALES: Readonly<Record<string, ShopperLocale>> = Object.freeze({
  GB: "en-GB",
  IE: "en-GB",
  FR: "fr-FR",
  LU: "fr-FR",
  MC: "fr-FR",
  DE: "de-DE",
  AT: "de-DE",
  CH: "de-DE",
  LI: "de-DE",
  ES: "es-ES",
  IT: "it-IT",
  SM: "it-IT",
  VA: "it-IT",
  NL: "nl-NL",
  BE: "nl-NL",
})

/** A BCP 47 tag as the kit accepts one: a language of 2 or 3 letters, then subtags ("fr", "fr-BE", "zh-Hant-TW"), at most 35 characters. */
export const LOCALE_TAG = /^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8}){0,3}$/
