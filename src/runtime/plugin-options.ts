import { parseOptions, type BnplOptions } from "../options"

const PACKAGE_NAME = "medusa-payment-bnpl"

interface ConfigModuleLike {
  plugins?: Array<string | { resolve?: string; options?: Record<string, unknown> }>
  modules?: Record<string, unknown> | unknown[]
  admin?: { backendUrl?: string }
}

const cache = new WeakMap<object, BnplOptions>()

/**
 * The plugin's options, for routes, subscribers and jobs (which, unlike the provider, are not
 * handed them). Read from the `plugins` entry of medusa-config; when that entry has no
 * options, from the payment provider's entry, so a merchant writes the options once.
 * `backendUrl` falls back to Medusa's `admin.backendUrl`, then `MEDUSA_BACKEND_URL`.
 * @throws BnplOptionsError naming the bad field.
 */
export function resolvePluginOptions(container: { resolve(key: string): unknown }): BnplOptions {
  const configModule = container.resolve("configModule") as ConfigModuleLike
  const known = cache.get(configModule)
  if (known) return known
  const options = withBackendUrl(parseOptions(findRawOptions(configModule)), configModule)
  cache.set(configModule, options)
  return options
}

/** Fills `backendUrl` from Medusa's own settings when the merchant did not set it. */
export function withBackendUrl(options: BnplOptions, configModule?: ConfigModuleLike): BnplOptions {
  if (options.backendUrl) return options
  const fallback = configModule?.admin?.backendUrl || process.env.MEDUSA_BACKEND_URL
  return fallback && /^https?:\/\//.test(fallback)
    ? { ...options, backendUrl: fallback.replace(/\/+$/, "") }
    : options
}

function findRawOptions(configModule: ConfigModuleLike): unknown {
  for (const plugin of configModule.plugins ?? []) {
    if (typeof plugin === "object" && plugin?.resolve === PACKAGE_NAME && plugin.options && Object.keys(plugin.options).length) {
      return plugin.options
    }
  }
  const modules = Array.isArray(configModule.modules)
    ? configModule.modules
    : Object.values(configModule.modules ?? {})
  for (const declaration of modules as Array<Record<string, any>>) {
    for (const provider of declaration?.options?.providers ?? []) {
      if (typeof provider?.resolve === "string" && provider.resolve.startsWith(`${PACKAGE_NAME}/providers/bnpl`)) {
        return provider.options
      }
    }
  }
  throw new Error(
    `${PACKAGE_NAME}: no options found. Give them in medusa-config under plugins: [{ resolve: "${PACKAGE_NAME}", options }] (see docs/configuration.md).`
  )
}
