import type { AccountSettings } from "./api"

/** react-i18next's `t` as the admin's components get it from `useTranslation()`. */
export type Translate = (key: string, options?: Record<string, unknown>) => string

/** The storefront message's fields for any language. */
export type MessageField = Exclude<keyof AccountSettings["message"], "locales">
/** The message's fields in the form's order. */
export const MESSAGE_FIELDS: MessageField[] = ["available", "instalments", "instalmentText", "outside"]
/** The fields a locale of `message.locales` has. */
export const LOCALE_MESSAGE_FIELDS = ["available", "instalmentText"] as const
export type LocaleMessageField = (typeof LOCALE_MESSAGE_FIELDS)[number]

/** The capture modes, in the select's order. */
export const CAPTURE_MODES = ["manual", "on_authorize", "on_shipment"] as const
/** The `onOrderFailure` policies. */
export const FAILURE_POLICIES: Array<AccountSettings["onOrderFailure"]> = ["void", "hold"]

/** A setting as the form's heading names it; the change log uses the same words. */
export const fieldLabel = (t: Translate, field: keyof AccountSettings) => t(`bnpl.settings.field_${field}`)
/** A storefront message field in words; `locales` is "Per language". */
export const messageLabel = (t: Translate, field: MessageField | "locales") => t(`bnpl.settings.message_${field}`)
/** A failure policy in words. */
export const failureLabel = (t: Translate, policy: string) => t(`bnpl.settings.failure_${policy}`, { defaultValue: policy })
/** An exclusion list in words. */
export const exclusionLabel = (t: Translate, list: keyof AccountSettings["exclusions"]) => t(`bnpl.settings.exclusion_${list}`)
/** A capture mode in words ("On approval"); the box's "Capture mode" row too. */
export const captureModeLabel = (t: Translate, mode: string) => t(`bnpl.settings.captureMode_${mode}`, { defaultValue: mode })

/** Whether two settings values are equal, whatever the keys' order (an answer may reorder them); undefined is absent. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((entry, index) => sameValue(entry, b[index]))
  }
  if (a && b && typeof a === "object" && typeof b === "object") {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)])
    return [...keys].every((key) => sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
  }
  return false
}

/** A setting's value in words for the change log, in the dashboard's language; ids of exclusions by name through `nameOf`. */
export function describeSetting(
  t: Translate,
  field: keyof AccountSettings,
  value: unknown,
  nameOf: (id: string) => string = (id) => id,
): string {
  if (value === null || value === undefined) return t("bnpl.settings.configValue")
  if (field === "enabled") return t(value ? "bnpl.settings.on" : "bnpl.settings.off")
  if (field === "capture") return captureModeLabel(t, String(value))
  if (field === "onOrderFailure") return failureLabel(t, String(value))
  const label = (name: string) =>
    field === "exclusions"
      ? exclusionLabel(t, name as keyof AccountSettings["exclusions"])
      : messageLabel(t, name as MessageField | "locales")
  const parts = Object.entries(value as Record<string, unknown>).filter(
    ([, entry]) => !(Array.isArray(entry) && entry.length === 0) && entry !== undefined,
  )
  if (!parts.length) return t("bnpl.settings.nothing")
  return parts
    .map(
      ([name, entry]) =>
        `${label(name)}: ${Array.isArray(entry) ? entry.map((item) => nameOf(String(item))).join(", ") : typeof entry === "object" ? JSON.stringify(entry) : String(entry)}`,
    )
    .join("; ")
}
