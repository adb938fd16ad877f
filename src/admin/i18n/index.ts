import type { LocaleLanguage } from "../../shopper-texts/locales"
import { DE } from "./de"
import { EN } from "./en"
import { ES } from "./es"
import { FR } from "./fr"
import { IT } from "./it"
import { NL } from "./nl"

/** One catalogue per language of the shopper locales, by the dashboard's language codes. */
const CATALOGUES = { en: { ...EN, problems: {} }, fr: FR, de: DE, es: ES, it: IT, nl: NL } satisfies Record<LocaleLanguage, unknown>

/**
 * The dashboard's react-i18next resources under `bnpl`, by its language codes; Medusa 2.11.1+
 * merges them from this file's place. A missing language falls back to English.
 */
export default Object.fromEntries(Object.entries(CATALOGUES).map(([language, bnpl]) => [language, { translation: { bnpl } }]))
