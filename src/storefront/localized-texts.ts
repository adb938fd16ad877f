import { LOCALE_TAG, SHOPPER_TEXT_KEYS, type ShopperTextKey } from "../shopper-texts"
import type { LocalizedTexts, ShopperTexts } from "./texts"

// The store's bounds: texts of at most 200 characters; a few dozen locales at most.
const MAX_TEXT_LENGTH = 200
const MAX_LOCALES = 40
const KEYS: ReadonlySet<string> = new Set(SHOPPER_TEXT_KEYS)

/**
 * Reads the merchant's texts by locale from a store answer, dropping anything not a known key.
 * @returns undefined when none is usable.
 */
export function readLocalizedTexts(value: unknown): LocalizedTexts | undefined {
  if (!value || typeof value !== "object" || Array.isArray(value)) return undefined
  const read: Record<string, ShopperTexts> = {}
  for (const [locale, texts] of Object.entries(value as Record<string, unknown>).slice(0, MAX_LOCALES)) {
    if (!LOCALE_TAG.test(locale) || !texts || typeof texts !== "object" || Array.isArray(texts)) continue
    const usable = Object.entries(texts as Record<string, unknown>).filter(
      ([key, text]) => KEYS.has(key) && typeof text === "string" && text.length <= MAX_TEXT_LENGTH,
    )
    if (usable.length) read[locale] = Object.fromEntries(usable) as Partial<Record<ShopperTextKey, string>>
  }
  return Object.keys(read).length ? read : undefined
}
