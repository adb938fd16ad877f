import type { MedusaContainer } from "@medusajs/framework/types"

interface ProviderEntry {
  resolve?: unknown
  id?: unknown
  options?: { region?: unknown }
}

/**
 * The pay-later providers each seeded region offers, read from the store's medusa-config:
 * the account whose `region` serves its currency (`pp_bnpl_bnpl` for GBP and
 * `pp_bnpl_bnpl-eu` for EUR in the demo's two-account store), or, when no account serves it,
 * every account, so the store shows why pay later is not offered there (unsupported_currency).
 * Self-contained (the seed also runs in apps that have the plugin only as a package).
 */
export function payLaterProviders(container: MedusaContainer): { uk: string[]; eu: string[] } {
  const configModule = container.resolve("configModule") as {
    plugins?: Array<string | { resolve?: string; options?: { region?: unknown } }>
    modules?:
      | Record<string, { options?: { providers?: ProviderEntry[] } } | undefined>
      | Array<{ options?: { providers?: ProviderEntry[] } }>
  }
  const plugin = (configModule.plugins ?? []).find((entry) => typeof entry === "object" && entry.resolve === "medusa-payment-bnpl")
  const pluginRegion = typeof plugin === "object" ? plugin.options?.region : undefined
  const declarations = Array.isArray(configModule.modules) ? configModule.modules : Object.values(configModule.modules ?? {})
  const accounts = declarations
    .flatMap((declaration) => declaration?.options?.providers ?? [])
    .filter((entry) => typeof entry.resolve === "string" && entry.resolve.startsWith("medusa-payment-bnpl/providers/bnpl"))
    .map((entry) => ({ providerId: `pp_bnpl_${String(entry.id)}`, region: entry.options?.region ?? pluginRegion }))
  const serving = (region: string) => {
    const account = accounts.find((candidate) => candidate.region === region)
    return account ? [account.providerId] : accounts.map(({ providerId }) => providerId)
  }
  return { uk: serving("UK"), eu: serving("EU") }
}
