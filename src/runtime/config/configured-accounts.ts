import { BnplOptionsError, parseOptions, type BnplOptions } from "../../options"
import { accountCurrency } from "../../payments/eligibility"

/** The package, and the path of its payment provider as medusa-config names it. */
export const PACKAGE_NAME = "medusa-payment-bnpl"
const PROVIDER_RESOLVE = `${PACKAGE_NAME}/providers/bnpl`
/** The provider's identifier (`static identifier`): Medusa names providers `pp_<identifier>_<id>`. */
export const PROVIDER_IDENTIFIER = "bnpl"

/** Options that exist once per store (docs/configuration.md "Several accounts: UK and EU side by side"). */
export const STORE_WIDE_FIELDS = ["backendUrl", "storefrontUrl", "storefrontOrderPath", "storefrontCheckoutPath", "schedules"] as const

/** One merchant account as medusa-config declares it: a payment provider entry of the plugin. */
export interface ConfiguredAccount {
  id: string
  providerId: string
  /** For error messages: `providers[1]`. */
  field: string
  options: BnplOptions
}

/** Every pay-later account of the store and the store-wide options. */
export interface PluginConfiguration {
  /** The store-wide options: the plugin entry's when it has options, else the first account's. */
  store: BnplOptions
  accounts: ConfiguredAccount[]
}

interface ProviderEntry {
  resolve?: unknown
  id?: unknown
  options?: Record<string, unknown>
}

/** Medusa's resolved config, as far as the plugin reads it. */
export interface ConfigModuleLike {
  plugins?: Array<string | { resolve?: string; options?: Record<string, unknown> }>
  modules?: Record<string, unknown> | unknown[]
  admin?: { backendUrl?: string }
}

/**
 * Reads the accounts from medusa-config, one per provider entry (docs/service-api.md "What the service does", rule 2); a
 * single account may give its options under the plugin entry. Throws BnplOptionsError naming the field for a bad option,
 * a duplicate id or merchant id, two accounts for one region, or a store-wide option given two values.
 */
export function readPluginConfiguration(
  configModule: ConfigModuleLike,
  environment: { NODE_ENV?: string } = process.env,
): PluginConfiguration {
  const pluginOptions = findPluginOptions(configModule)
  const entries = findProviderEntries(configModule)
  const parse = (raw: unknown, field: string) => {
    try {
      return withBackendUrl(parseOptions(raw, environment), configModule)
    } catch (error) {
      if (error instanceof BnplOptionsError && field) throw new BnplOptionsError(`${field}.${error.field}`, error.rule, "plugin")
      throw error
    }
  }
  const plugin = pluginOptions ? parse(pluginOptions, "") : undefined
  if (!entries.length) {
    if (!plugin)
      throw new BnplOptionsError(
        "options",
        `are missing: give them in medusa-config under plugins: [{ resolve: "${PACKAGE_NAME}", options }] (see docs/configuration.md)`,
        "plugin",
      )
    return {
      store: plugin,
      accounts: [{ id: PROVIDER_IDENTIFIER, providerId: providerIdOf(PROVIDER_IDENTIFIER), field: "options", options: plugin }],
    }
  }
  const parsed = entries.map(({ entry, index }) => {
    const field = `providers[${index}]`
    if (typeof entry.id !== "string" || !entry.id)
      throw new BnplOptionsError(
        `${field}.id`,
        'is required: the account\'s provider id, e.g. "bnpl" (pp_bnpl_bnpl) or "bnpl-uk"',
        "plugin",
      )
    const hasOwn = entry.options && Object.keys(entry.options).length > 0
    if (!hasOwn && !pluginOptions)
      throw new BnplOptionsError(`${field}.options`, "are missing: give the account's options in its provider entry", "plugin")
    return {
      id: entry.id,
      field,
      raw: (hasOwn ? entry.options : pluginOptions) as Record<string, unknown>,
      options: hasOwn ? parse(entry.options, `${field}.options`) : plugin!,
    }
  })
  const store = plugin ?? parsed[0].options
  const accounts = parsed.map(({ id, field, raw, options }) => ({
    id,
    field,
    providerId: providerIdOf(id),
    options: withStoreWide(options, raw, store, `${field}.options`),
  }))
  checkAccountsApart(accounts)
  return { store, accounts }
}

/** Medusa's payment provider id for an entry id. */
export function providerIdOf(id: string): string {
  return `pp_${PROVIDER_IDENTIFIER}_${id}`
}

/** Fills `backendUrl` from Medusa's own settings when the merchant did not set it. */
export function withBackendUrl(options: BnplOptions, configModule?: ConfigModuleLike): BnplOptions {
  if (options.backendUrl) return options
  const fallback = configModule?.admin?.backendUrl || process.env.MEDUSA_BACKEND_URL
  return fallback && /^https?:\/\//.test(fallback) ? { ...options, backendUrl: fallback.replace(/\/+$/, "") } : options
}

function withStoreWide(options: BnplOptions, raw: Record<string, unknown>, store: BnplOptions, field: string): BnplOptions {
  const merged: Record<string, unknown> = { ...options }
  for (const name of STORE_WIDE_FIELDS) {
    if (raw[name] !== undefined && JSON.stringify(options[name]) !== JSON.stringify(store[name])) {
      throw new BnplOptionsError(
        `${field}.${name}`,
        "is store-wide (one return route, storefront and set of jobs per store): give it the same value in every account, or only once",
        "plugin",
      )
    }
    merged[name] = store[name]
  }
  return merged as BnplOptions
}

function checkAccountsApart(accounts: ConfiguredAccount[]): void {
  accounts.forEach((account, index) => {
    for (const earlier of accounts.slice(0, index)) {
      if (earlier.id === account.id) {
        throw new BnplOptionsError(
          `${account.field}.id`,
          `"${account.id}" is the id of another pay-later account (${earlier.field}); give each account its own id`,
          "plugin",
        )
      }
      if (earlier.options.merchantId === account.options.merchantId && earlier.options.baseUrl === account.options.baseUrl) {
        throw new BnplOptionsError(
          `${account.field}.options.merchantId`,
          `is the merchant id of another account (${earlier.field}); each account has its own`,
          "plugin",
        )
      }
      if (earlier.options.region === account.options.region) {
        throw new BnplOptionsError(
          `${account.field}.options.region`,
          `${account.options.region} (${accountCurrency(account.options)}) is served by another account (${earlier.field}); the store could not tell which one a ${accountCurrency(account.options)} cart pays through: one account per region`,
          "plugin",
        )
      }
    }
  })
}

function findPluginOptions(configModule: ConfigModuleLike): Record<string, unknown> | undefined {
  for (const plugin of configModule.plugins ?? []) {
    if (typeof plugin === "object" && plugin?.resolve === PACKAGE_NAME && plugin.options) {
      // Medusa adds its `database` settings for the plugin's module to these options.
      const { database: _medusaModuleDatabase, ...options } = plugin.options as Record<string, unknown>
      if (Object.keys(options).length) return options
    }
  }
  return undefined
}

// `index` is the entry's place in its providers list, as the merchant counts it.
function findProviderEntries(configModule: ConfigModuleLike): Array<{ entry: ProviderEntry; index: number }> {
  const modules = Array.isArray(configModule.modules) ? configModule.modules : Object.values(configModule.modules ?? {})
  const found: Array<{ entry: ProviderEntry; index: number }> = []
  for (const declaration of modules as Array<{ options?: { providers?: ProviderEntry[] } } | undefined>) {
    const providers = declaration?.options?.providers
    if (!Array.isArray(providers)) continue
    providers.forEach((entry, index) => {
      if (typeof entry?.resolve === "string" && entry.resolve.startsWith(PROVIDER_RESOLVE)) found.push({ entry, index })
    })
  }
  return found
}
