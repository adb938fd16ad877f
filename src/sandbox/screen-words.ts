// The consumer screens' words, one catalogue file per language (screen-texts/), so the demo can be walked in each.
// The real service's screens are its own; these only stand in (docs/sandbox.md "Languages").

import { SHOPPER_LOCALES, type ShopperLocale } from "../shopper-texts/locales"
import { EN, type ScreenWords } from "./screen-texts/en-GB"
import { FR } from "./screen-texts/fr-FR"
import { DE } from "./screen-texts/de-DE"
import { ES } from "./screen-texts/es-ES"
import { IT } from "./screen-texts/it-IT"
import { NL } from "./screen-texts/nl-NL"

/** The screens' languages: the shopper's, from the one locale list. */
export const SCREEN_LOCALES = SHOPPER_LOCALES
export type ScreenLocale = ShopperLocale

export type { ScreenWords }

const WORDS: Record<ScreenLocale, ScreenWords> = { "en-GB": EN, "fr-FR": FR, "de-DE": DE, "es-ES": ES, "it-IT": IT, "nl-NL": NL }

/** The screen's words in `locale`. */
export function screenWords(locale: ScreenLocale): ScreenWords {
  return WORDS[locale]
}

/** `text` with each `{name}` replaced by `values[name]` (plain text: escape it for HTML after). */
export function say(text: string, values: Record<string, string | number> = {}): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole))
}

function supported(tag: string): ScreenLocale | undefined {
  const wanted = tag.trim().toLowerCase()
  return (
    SCREEN_LOCALES.find((locale) => locale.toLowerCase() === wanted) ??
    SCREEN_LOCALES.find((locale) => locale.slice(0, 2) === wanted.slice(0, 2))
  )
}

/** The `locale` query parameter of `url` (the app parses no query itself), else the first `Accept-Language` the sandbox has, else en-GB. */
export function screenLocale(url: string, acceptLanguage: string | undefined): ScreenLocale {
  const locale = new URL(url, "http://sandbox.invalid").searchParams.get("locale")
  if (locale) {
    const chosen = supported(locale)
    if (chosen) return chosen
  }
  for (const entry of (acceptLanguage ?? "").split(",")) {
    const chosen = entry.split(";")[0] && supported(entry.split(";")[0])
    if (chosen) return chosen
  }
  return "en-GB"
}
