import type { BnplOptions } from "../../../options"
import type { AccountSettings, MessageDefaults } from "../../../runtime/config/account-settings"

type LocalizedTexts = Record<string, Record<string, string>>

/**
 * The storefront texts the merchant set for the account, as the store routes add them to an
 * eligibility answer: `message: { available?, instalments?, instalmentText?, outside? }` (option
 * `message`, or Settings -> Pay later; any language) and `messages: { "fr-FR": { ... } }` (per
 * locale: the option `messages` over the settings' `message.locales`, text by text), or `{}`
 * when none is set, so a store that sets none answers as before. The kit's `payLaterMessage`
 * takes them under the storefront's own props (docs/storefront.md "Languages").
 */
export function messageDefaults(settings: Pick<AccountSettings, "message">, options: Partial<Pick<BnplOptions, "messages">> = {}): {
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
      for (const [key, text] of Object.entries(texts)) if (text !== undefined) (merged[locale] ??= {})[key] = text
    }
  }
  return merged
}
