import type { z } from "zod"
import type { BnplOptions, exclusionsSchema, messageDefaultsSchema } from "../../options"

/** Goods pay later is not offered for; every list present. */
export type Exclusions = z.output<typeof exclusionsSchema>
/** The storefront message's defaults. */
export type MessageDefaults = z.output<typeof messageDefaultsSchema>

/** What a merchant may change per account in the admin, overlaid on medusa-config's options; never credentials or hosts. */
export interface AccountSettings {
  /** Off: the account's provider refuses new sessions and the eligibility routes answer `disabled`. */
  enabled: boolean
  capture: BnplOptions["capture"]
  exclusions: Exclusions
  message: MessageDefaults
  onOrderFailure: BnplOptions["onOrderFailure"]
}

/** The names of the settings, in the order the admin shows them. */
export const SETTING_NAMES = ["enabled", "capture", "exclusions", "message", "onOrderFailure"] as const
export type SettingName = (typeof SETTING_NAMES)[number]

/** What the admin saved for an account: a field absent or null is not set there (medusa-config's value applies). */
export type StoredSettings = { [Name in SettingName]?: AccountSettings[Name] | null }

/** One field of one save: its value as it applied before and after. */
export interface SettingChange {
  field: SettingName
  from: AccountSettings[SettingName]
  to: AccountSettings[SettingName]
}

/** The medusa-config values of the settings (`enabled` has no option: an account in medusa-config is on). */
export function settingsFromOptions(options: Pick<BnplOptions, "capture" | "exclusions" | "message" | "onOrderFailure">): AccountSettings {
  return {
    enabled: true,
    capture: options.capture,
    exclusions: options.exclusions,
    message: options.message,
    onOrderFailure: options.onOrderFailure,
  }
}

/** Each field saved in the admin, else the option; a saved field replaces the option's whole, so the page shows what applies. */
export function overlaySettings(defaults: AccountSettings, stored: StoredSettings | undefined): AccountSettings {
  const result = { ...defaults } as Record<SettingName, unknown>
  for (const name of SETTING_NAMES) {
    const value = stored?.[name]
    if (value !== undefined && value !== null) result[name] = value
  }
  return result as unknown as AccountSettings
}

/** The fields whose value differs between two versions of the settings, in SETTING_NAMES order. */
export function changedSettings(before: AccountSettings, after: AccountSettings): SettingChange[] {
  return SETTING_NAMES.filter((name) => canonical(before[name]) !== canonical(after[name])).map((field) => ({
    field,
    from: before[field],
    to: after[field],
  }))
}

// Key order does not make a change: {a, b} and {b, a} are the same exclusions.
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`
  if (value && typeof value === "object") {
    return `{${Object.keys(value)
      .sort()
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(",")}}`
  }
  return JSON.stringify(value)
}
