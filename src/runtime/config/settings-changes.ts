import {
  changedSettings,
  overlaySettings,
  settingsFromOptions,
  type AccountSettings,
  type SettingChange,
  type StoredSettings,
} from "./account-settings"
import { accountSettingRows, forgetSettings, readStoredSettings, rowOf, type SettingsAccount } from "./effective-settings"
import { recordsOrMemory, upsertOne } from "../records/records-module"

/** One save in Settings -> Pay later, as the page lists it. Times are ISO 8601. */
export interface SettingsChangeView {
  changedAt: string
  /** Medusa user id and e-mail, as it was then. */
  userId: string
  userEmail: string | null
  changes: SettingChange[]
}

interface SettingsChangeRow {
  id: string
  provider_id: string
  user_id: string
  user_email: string | null
  changed_at: Date | string
  changes: SettingChange[]
}

/** How many saves the page lists, newest first. */
export const SETTINGS_CHANGES_SHOWN = 50

const memory = new Map<string, SettingsChangeRow>()
const changeRows = () => recordsOrMemory<SettingsChangeRow>("SettingsChanges", memory)

/** The account's settings as the admin page reads them: what applies, and which fields the admin set. */
export interface AccountSettingsView {
  providerId: string
  settings: AccountSettings
  /** medusa-config's values, which a field reset in the admin returns to. */
  defaults: AccountSettings
  overridden: Array<keyof AccountSettings>
  changes: SettingsChangeView[]
}

/** Saves the admin's changes (`null` restores medusa-config's), then one change record; throws when the write is refused. */
export async function saveAccountSettings(
  account: SettingsAccount,
  patch: StoredSettings,
  user: { id: string; email: string | null },
  now = new Date(),
): Promise<AccountSettingsView> {
  const defaults = settingsFromOptions(account.options)
  const before = (await readStoredSettings(account.providerId)) ?? {}
  const after: StoredSettings = { ...before }
  for (const [name, value] of Object.entries(patch) as Array<[keyof StoredSettings, StoredSettings[keyof StoredSettings]]>) {
    if (value !== undefined) (after as Record<string, unknown>)[name] = value
  }
  await upsertOne(accountSettingRows(), { provider_id: account.providerId }, { provider_id: account.providerId, ...rowOf(after) })
  const changes = changedSettings(overlaySettings(defaults, before), overlaySettings(defaults, after))
  if (changes.length) {
    await changeRows().create({ provider_id: account.providerId, user_id: user.id, user_email: user.email, changed_at: now, changes })
  }
  forgetSettings(account.providerId)
  return readAccountSettings(account)
}

/** The account's settings, medusa-config's values, which fields the admin set, and the latest saves. */
export async function readAccountSettings(account: SettingsAccount): Promise<AccountSettingsView> {
  const defaults = settingsFromOptions(account.options)
  const stored = (await readStoredSettings(account.providerId)) ?? {}
  const rows = await changeRows().list({ provider_id: account.providerId }, { take: SETTINGS_CHANGES_SHOWN, order: { changed_at: "DESC" } })
  return {
    providerId: account.providerId,
    settings: overlaySettings(defaults, stored),
    defaults,
    overridden: (Object.keys(stored) as Array<keyof AccountSettings>).filter((name) => stored[name] !== null && stored[name] !== undefined),
    changes: rows.map((row) => ({
      changedAt: new Date(row.changed_at).toISOString(),
      userId: row.user_id,
      userEmail: row.user_email,
      changes: row.changes,
    })),
  }
}
