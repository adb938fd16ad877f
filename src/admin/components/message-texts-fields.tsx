import { Input, Label, Select, Text } from "@medusajs/ui"
import { useState } from "react"
import { useTranslation } from "react-i18next"
import { SHOPPER_LOCALES } from "../../shopper-texts"
import type { AccountSettings } from "../lib/api"
import {
  fieldLabel,
  LOCALE_MESSAGE_FIELDS,
  MESSAGE_FIELDS,
  messageLabel,
  type LocaleMessageField,
  type MessageField,
} from "../lib/settings-words"

/** The message's texts as the form edits them: the any-language fields, and the two lines per locale. */
export interface MessageDraft {
  message: Record<MessageField, string>
  locales: Record<string, Record<LocaleMessageField, string>>
}

const ANY_LANGUAGE = "any"

/** The draft of the settings' `message`: every built-in locale, and any other the merchant saved. */
export function messageDraftOf(message: AccountSettings["message"]): MessageDraft {
  const { available = "", instalments, instalmentText = "", outside = "", locales = {} } = message
  const tags = [...new Set([...SHOPPER_LOCALES, ...Object.keys(locales)])]
  return {
    message: { available, instalments: instalments === undefined ? "" : String(instalments), instalmentText, outside },
    locales: Object.fromEntries(
      tags.map((tag) => [tag, { available: locales[tag]?.available ?? "", instalmentText: locales[tag]?.instalmentText ?? "" }]),
    ),
  }
}

/** The settings' `message` from the draft: empty texts left out; the route checks the rest and names a bad field. */
export function messageOf(draft: MessageDraft): AccountSettings["message"] {
  const text = Object.entries(draft.message).filter(([name, value]) => name !== "instalments" && value.trim())
  const instalments = draft.message.instalments.trim()
  const locales = Object.entries(draft.locales)
    .map(
      ([tag, texts]) =>
        [
          tag,
          Object.fromEntries(
            Object.entries(texts)
              .filter(([, value]) => value.trim())
              .map(([name, value]) => [name, value.trim()]),
          ),
        ] as const,
    )
    .filter(([, texts]) => Object.keys(texts).length)
  return {
    ...Object.fromEntries(text.map(([name, value]) => [name, value.trim()])),
    ...(instalments ? { instalments: Number(instalments) } : {}),
    ...(locales.length ? { locales: Object.fromEntries(locales) } : {}),
  }
}

/**
 * The storefront message's fields for any language, or a chosen locale's two lines, which win
 * for its shoppers. docs/storefront.md "Languages".
 */
export function MessageTextsFields({
  accountId,
  draft,
  onChange,
}: {
  accountId: string
  draft: MessageDraft
  onChange: (draft: MessageDraft) => void
}) {
  const { t } = useTranslation()
  const [language, setLanguage] = useState(ANY_LANGUAGE)
  const id = (name: string) => `${accountId}-message-${name}`
  const localeTexts = draft.locales[language]
  return (
    <>
      <Text size="small" weight="plus">
        {fieldLabel(t, "message")} {t("bnpl.settings.messageEmpty")}
      </Text>
      <div className="flex flex-col gap-y-1">
        <Label htmlFor={id("language")}>{t("bnpl.settings.messageLanguage")}</Label>
        <Select value={language} onValueChange={setLanguage}>
          <Select.Trigger id={id("language")} aria-label={t("bnpl.settings.messageLanguage")} data-testid="bnpl-settings-message-language">
            <Select.Value />
          </Select.Trigger>
          <Select.Content>
            <Select.Item value={ANY_LANGUAGE}>{t("bnpl.settings.anyLanguage")}</Select.Item>
            {Object.keys(draft.locales).map((tag) => (
              <Select.Item key={tag} value={tag}>
                {tag}
              </Select.Item>
            ))}
          </Select.Content>
        </Select>
      </div>
      <div className="grid grid-cols-2 gap-4">
        {localeTexts
          ? LOCALE_MESSAGE_FIELDS.map((name) => (
              <div key={name} className="flex flex-col gap-y-1">
                <Label htmlFor={id(`${language}-${name}`)}>{`${messageLabel(t, name)} (${language})`}</Label>
                <Input
                  id={id(`${language}-${name}`)}
                  size="small"
                  value={localeTexts[name]}
                  onChange={(event) =>
                    onChange({ ...draft, locales: { ...draft.locales, [language]: { ...localeTexts, [name]: event.target.value } } })
                  }
                />
              </div>
            ))
          : MESSAGE_FIELDS.map((name) => (
              <div key={name} className="flex flex-col gap-y-1">
                <Label htmlFor={id(name)}>{messageLabel(t, name)}</Label>
                <Input
                  id={id(name)}
                  size="small"
                  value={draft.message[name]}
                  type={name === "instalments" ? "number" : "text"}
                  onChange={(event) => onChange({ ...draft, message: { ...draft.message, [name]: event.target.value } })}
                />
              </div>
            ))}
      </div>
    </>
  )
}
