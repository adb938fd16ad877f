import type { MedusaContainer } from "@medusajs/framework/types"
import { accountForCurrency, getPluginRuntime } from "../src/runtime/plugin-runtime"

/**
 * The pay-later providers each seeded region offers: the account serving its currency
 * (`pp_bnpl_bnpl-uk` for GBP, `pp_bnpl_bnpl-eu` for EUR in a store with both accounts), or,
 * when no account serves it, every account, so the store shows why pay later is not offered
 * there (unsupported_currency). Read from the store's medusa-config.
 */
export function payLaterProviders(container: MedusaContainer): { uk: string[]; eu: string[] } {
  const plugin = getPluginRuntime(container)
  const serving = (currency: string) => {
    const account = accountForCurrency(plugin, currency)
    return account ? [account.providerId] : plugin.accounts.map(({ providerId }) => providerId)
  }
  return { uk: serving("GBP"), eu: serving("EUR") }
}
