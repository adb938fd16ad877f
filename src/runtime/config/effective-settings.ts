import type { BnplOptions } from "../../options"
import { overlaySettings, settingsFromOptions, type SETTING_NAMES, type AccountSettings, type StoredSettings } from "./account-settings"
import { recordsOrMemory } from "../records/records-module"
import type { LoggerLike } from "../infrastructure/shared-types"

/** How long a process keeps saved settings, so every instance applies an admin change within a minute. */
export const SETTINGS_CACHE_MS = 30_000

/** A row of `bnpl_account_settings`. */
export interface AccountSettingRow {
  id: string
  provider_id: string
  enabled: boolean | null
  capture: AccountSettings["capture"] | null
  exclusions: AccountSettings["exclusions"] | null
  message: AccountSettings["message"] | null
  on_order_failure: AccountSettings["onOrderFailure"] | null
}

/** The account as the settings know it: its payment provider id and its medusa-config options. */
export interface SettingsAccount {
  /** The key of the saved settings. */
  providerId: string
  options: Pick<BnplOptions, "capture" | "exclusions" | "message" | "onOrderFailure">
}

const memory = new Map<string, AccountSettingRow>()
/** The generated methods of the settings table (outside a Medusa app, this process's memory). */
export const accountSettingRows = () => recordsOrMemory<AccountSettingRow>("AccountSettings", memory)

const known = new Map<string, { stored: StoredSettings | undefined; readAt: number }>()

/**
 * medusa-config's options overlaid by what the merchant saved, kept per process for SETTINGS_CACHE_MS. Never throws: on
 * a failed read the last values read (else the options) apply.
 */
export async function effectiveSettings(
  account: SettingsAccount,
  dependencies: { logger?: LoggerLike; now?: number } = {},
): Promise<AccountSettings> {
  const now = dependencies.now ?? Date.now()
  const cached = known.get(account.providerId)
  const defaults = settingsFromOptions(account.options)
  if (cached && now - cached.readAt < SETTINGS_CACHE_MS) return overlaySettings(defaults, cached.stored)
  try {
    const stored = await readStoredSettings(account.providerId)
    known.set(account.providerId, { stored, readAt: now })
    return overlaySettings(defaults, stored)
  } catch (error) {
    // Tried again after SETTINGS_CACHE_MS, not at every request (a store not migrated yet would log each one).
    known.set(account.providerId, { stored: cached?.stored, readAt: now })
    dependencies.logger?.warn?.(
      `medusa-payment-bnpl: could not read the admin's settings of ${account.providerId} (${(error as Error).message}); ${cached ? "the last ones read" : "medusa-config's"} apply.`,
    )
    return overlaySettings(defaults, cached?.stored)
  }
}

/** What the admin saved for the account (undefined: nothing yet). */
export async function readStoredSettings(providerId: string): Promise<StoredSettings | undefined> {
  const [row] = await accountSettingRows().list({ provider_id: providerId }, { take: 1 })
  return row ? storedOf(row) : undefined
}

/** Forgets what this process read, so the next `effectiveSettings` reads the database (after a save). */
export function forgetSettings(providerId?: string): void {
  if (providerId) known.delete(providerId)
  else known.clear()
}

/** The row's columns as settings (`on_order_failure` -> `onOrderFailure`), null where not set. */
export function storedOf(row: Omit<AccountSettingRow, "id" | "provider_id">): StoredSettings {
  return {
    enabled: row.enabled,
    capture: row.capture,
    exclusions: row.exclusions,
    message: row.message,
    onOrderFailure: row.on_order_failure,
  }
}

/** Settings as the row's columns, null where not set. */
export function rowOf(stored: StoredSettings): Omit<AccountSettingRow, "id" | "provider_id"> {
  const value = <Name extends (typeof SETTING_NAMES)[number]>(name: Name) => stored[name] ?? null
  return {
    enabled: value("enabled"),
    capture: value("capture"),
    exclusions: value("exclusions"),
    message: value("message"),
    on_order_failure: value("onOrderFailure"),
  }
}
