// Imports nothing, so the kit in the browser and the server read the same list.

/** The built-in shopper locales (BCP 47), the fallback first. */
export const SHOPPER_LOCALES = ["en-GB", "fr-FR", "de-DE", "es-ES", "it-IT", "nl-NL"] as const
export type ShopperLocale = (typeof SHOPPER_LOCALES)[number]

/** A locale's language (ISO 639-1), as Medusa's admin names its languages: "en", "fr", ... */
export type LocaleLanguage = ShopperLocale extends `${infer Language}-${string}` ? Language : never

/** The language every missing text falls back to. */
export const FALLBACK_LOCALE: ShopperLocale = "en-GB"

/**
 * A country's locale (ISO 3166-1 alpha-2) when none is stated. Belgium and Switzerland get
 * their majority language; a storefront with a language switch states the shopper's.
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

/** A BCP 47 tag as the kit accepts one ("fr", "fr-BE", "zh-Hant-TW"). */
export const LOCALE_TAG = /^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8}){0,3}$/
