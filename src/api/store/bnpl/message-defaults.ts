import type { BnplOptions } from "../../../options"
import type { AccountSettings, MessageDefaults } from "../../../runtime/config/account-settings"

type LocalizedTexts = Record<string, Record<string, string>>

/** The merchant's storefront texts for an eligibility answer, or `{}` when none is set (docs/storefront.md "Languages"). */
export function messageDefaults(
  settings: Pick<AccountSettings, "message">,
  options: Partial<Pick<BnplOptions, "messages">> = {},
): {
  message?: Omit<MessageDefaults, "locales">
  messages?: LocalizedTexts
} {
  const { locales = {}, ...languageLess } = settings.message
  const set = Object.entries(languageLess).filter(([, value]) => value !== undefined)
  const messages = localizedTexts([locales, options.messages ?? {}])
  return {
    ...(set.length ? { message: Object.fromEntries(set) as Omit<MessageDefaults, "locales"> } : {}),
    ...(Object.keys(messages).length ? { messages } : {}),
  }
}

// Later sources win text by text; unset texts are left out.
function localizedTexts(sources: Array<Record<string, Record<string, string | undefined>>>): LocalizedTexts {
  const merged: LocalizedTexts = {}
  for (const source of sources) {
    for (const [locale, texts] of Object.entries(source)) {
      for (const [key, text] of Object.entries(texts)) {
        if (text === undefined) continue
        merged[locale] ??= {}
        merged[locale][key] = text
      }
    }
  }
  return merged
}
