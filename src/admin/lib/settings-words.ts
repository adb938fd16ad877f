import type { AccountSettings } from "./api"
import { CAPTURE_MODE_LABELS } from "./format"

/**
 * The words of Settings -> Pay later: each setting, message field and policy as the form and
 * its change log name it, one table each, and the comparison that says whether the form
 * changed anything.
 */

/** Each setting as the form's heading names it; the change log uses the same words. */
export const FIELD_LABELS: Record<keyof AccountSettings, string> = {
  enabled: "Offer pay later with this account",
  capture: "Capture",
  exclusions: "Not offered for",
  message: "Storefront message",
  onOrderFailure: "When an approved order cannot be placed",
}

/** The storefront message's fields for any language (options.ts messageDefaultsSchema, but its `locales`). */
export type MessageField = Exclude<keyof AccountSettings["message"], "locales">
/** The fields a locale of `message.locales` has. */
export const LOCALE_MESSAGE_FIELDS = ["available", "instalmentText"] as const
export type LocaleMessageField = (typeof LOCALE_MESSAGE_FIELDS)[number]

/** The storefront message's fields (options.ts messageDefaultsSchema), in words. */
export const MESSAGE_LABELS: Record<MessageField, string> = {
  available: "Message when pay later is offered",
  instalments: "Number of instalments (2 to 12)",
  instalmentText: "Line for each instalment",
  outside: "Message when the cart is outside the limits",
}

export const FAILURE_LABELS: Record<AccountSettings["onOrderFailure"], string> = {
  void: "Void the approval at once",
  hold: "Hold it for a person to place or void",
}

/** The exclusion lists (options.ts exclusionsSchema), in words. */
export const EXCLUSION_LABELS: Record<keyof AccountSettings["exclusions"], string> = {
  productIds: "Products",
  variantSkus: "Variant SKUs",
  categoryIds: "Categories (with their sub-categories)",
  collectionIds: "Collections",
  typeIds: "Product types",
  tags: "Tags",
}

/**
 * Whether two settings values are the same value: objects key by key whatever the keys' order
 * (an answer may list them in another order than the form), a key holding undefined as absent,
 * lists entry by entry.
 */
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

/** A setting's value in words for the change log; ids of exclusions by name through `nameOf`. */
export function describeSetting(field: keyof AccountSettings, value: unknown, nameOf: (id: string) => string = (id) => id): string {
  if (value === null || value === undefined) return "medusa-config's value"
  if (field === "enabled") return value ? "on" : "off"
  if (field === "capture") return CAPTURE_MODE_LABELS[value as string] ?? String(value)
  if (field === "onOrderFailure") return FAILURE_LABELS[value as AccountSettings["onOrderFailure"]] ?? String(value)
  const labels: Record<string, string> = field === "exclusions" ? EXCLUSION_LABELS : { ...MESSAGE_LABELS, locales: "Per language" }
  const parts = Object.entries(value as Record<string, unknown>).filter(([, entry]) => !(Array.isArray(entry) && entry.length === 0) && entry !== undefined)
  if (!parts.length) return "none"
  return parts
    .map(([name, entry]) => `${labels[name] ?? name}: ${Array.isArray(entry) ? entry.map((item) => nameOf(String(item))).join(", ") : typeof entry === "object" ? JSON.stringify(entry) : String(entry)}`)
    .join("; ")
}
