import type { BnplOptions } from "../../options"
import { readPluginConfiguration, type ConfigModuleLike, type PluginConfiguration } from "./configured-accounts"

export { withBackendUrl } from "./configured-accounts"

const cache = new WeakMap<object, PluginConfiguration>()

/**
 * The store's pay-later accounts and store-wide options, for routes, subscribers and jobs
 * (which, unlike the providers, are not handed options): read once per Medusa config from its
 * plugin and payment provider entries (configured-accounts.ts).
 * @throws BnplOptionsError naming the bad field.
 */
export function resolvePluginConfiguration(container: { resolve(key: string): unknown }): PluginConfiguration {
  const configModule = container.resolve("configModule") as ConfigModuleLike
  const known = cache.get(configModule)
  if (known) return known
  const configuration = readPluginConfiguration(configModule)
  cache.set(configModule, configuration)
  return configuration
}

/**
 * The store-wide options (storefront pages, schedules, backend URL): the plugin entry's,
 * else the first account's. `backendUrl` falls back to Medusa's `admin.backendUrl`, then
 * `MEDUSA_BACKEND_URL`.
 * @throws BnplOptionsError naming the bad field.
 */
export function resolvePluginOptions(container: { resolve(key: string): unknown }): BnplOptions {
  return resolvePluginConfiguration(container).store
}
