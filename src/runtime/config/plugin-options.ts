import type { BnplOptions } from "../../options"
import { readPluginConfiguration, type ConfigModuleLike, type PluginConfiguration } from "./configured-accounts"

export { withBackendUrl } from "./configured-accounts"

const cache = new WeakMap<object, PluginConfiguration>()

/** The accounts and store-wide options for routes, subscribers and jobs, read once per config; throws BnplOptionsError. */
export function resolvePluginConfiguration(container: { resolve(key: string): unknown }): PluginConfiguration {
  const configModule = container.resolve("configModule") as ConfigModuleLike
  const known = cache.get(configModule)
  if (known) return known
  const configuration = readPluginConfiguration(configModule)
  cache.set(configModule, configuration)
  return configuration
}

/** The store-wide options; `backendUrl` falls back to `admin.backendUrl`, then `MEDUSA_BACKEND_URL`. Throws BnplOptionsError. */
export function resolvePluginOptions(container: { resolve(key: string): unknown }): BnplOptions {
  return resolvePluginConfiguration(container).store
}
