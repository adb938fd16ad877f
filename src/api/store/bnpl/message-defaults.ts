import type { AccountSettings, MessageDefaults } from "../../../runtime/config/account-settings"

/**
 * The storefront message's defaults the merchant set for the account (option `message`, or
 * Settings -> Pay later), as the store routes add them to an eligibility answer:
 * `{ message: { available?, instalments?, instalmentText?, outside? } }`, or `{}` when none is
 * set, so a store that sets none answers as before. The kit's `payLaterMessage` takes them as
 * defaults under the storefront's own props.
 */
export function messageDefaults(settings: Pick<AccountSettings, "message">): { message?: MessageDefaults } {
  const set = Object.entries(settings.message).filter(([, value]) => value !== undefined)
  return set.length ? { message: Object.fromEntries(set) as MessageDefaults } : {}
}
