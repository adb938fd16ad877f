// One catalogue per language. A leaf, so the kit and the options schema share the keys.
// docs/storefront.md "Languages".
import { DE_DE } from "./de-DE"
import { EN_GB, type ShopperCatalogue, type ShopperTextKey } from "./en-GB"
import { ES_ES } from "./es-ES"
import { FR_FR } from "./fr-FR"
import { IT_IT } from "./it-IT"
import type { ShopperLocale } from "./locales"
import { NL_NL } from "./nl-NL"

export * from "./locales"
export type { ShopperCatalogue, ShopperTextKey }

/** The built-in catalogue of each shopper locale. */
export const SHOPPER_CATALOGUES: Readonly<Record<ShopperLocale, ShopperCatalogue>> = Object.freeze({
  "en-GB": EN_GB,
  "fr-FR": FR_FR,
  "de-DE": DE_DE,
  "es-ES": ES_ES,
  "it-IT": IT_IT,
  "nl-NL": NL_NL,
})

/** Every shopper text's key, in the English catalogue's order. */
export const SHOPPER_TEXT_KEYS = Object.keys(EN_GB) as ShopperTextKey[]
