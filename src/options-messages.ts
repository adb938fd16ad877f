import { z } from "zod"
import { LOCALE_TAG, SHOPPER_CATALOGUES, SHOPPER_TEXT_KEYS, type ShopperTextKey } from "./shopper-texts"
import { storableText } from "./client/text-rules"

// No placeholder the English text of the same key lacks: a `{minimum}` in `cancelled` would reach
// the shopper unfilled.

const placeholdersOf = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1])

function textOf(key: ShopperTextKey) {
  const allowed = [...new Set(placeholdersOf(SHOPPER_CATALOGUES["en-GB"][key]))]
  const rule = allowed.length
    ? `may only use the placeholders ${allowed.map((name) => `{${name}}`).join(", ")}`
    : "must not use placeholders such as {minimum}"
  return storableText()
    .trim()
    .min(1, "must not be empty")
    .max(200, "must be at most 200 characters")
    .refine((text) => placeholdersOf(text).every((name) => allowed.includes(name)), { message: rule })
}

const localeKey = z.string().regex(LOCALE_TAG, "must be keyed by BCP 47 locales such as fr-FR")

/** One locale's texts: any of the kit's keys. */
export const shopperTextsSchema = z.strictObject(
  Object.fromEntries(SHOPPER_TEXT_KEYS.map((key) => [key, textOf(key).optional()])) as Record<ShopperTextKey, z.ZodOptional<z.ZodString>>,
  {
    error: 'must be an object of the kit\'s text keys (docs/storefront.md "Languages")',
  },
)

/** Option `messages`: every shopper text, per locale. */
export const localizedMessagesSchema = z.record(localeKey, shopperTextsSchema, {
  error: "must be an object keyed by locale (fr-FR, de-DE, ...)",
})

/** Settings' `message.locales`: the message's two lines per locale. */
export const localeTextsSchema = z.record(
  localeKey,
  z.strictObject(
    { available: textOf("available").optional(), instalmentText: textOf("instalmentText").optional() },
    {
      error: "must be an object with available and instalmentText",
    },
  ),
  { error: "must be an object keyed by locale (fr-FR, de-DE, ...)" },
)
