import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { BnplClient } from "../client"
import type { BnplOptions } from "../options"
import { createClientFromOptions, type CacheLike, type LoggerLike } from "./client-factory"
import { resolvePluginOptions } from "./plugin-options"

/** What routes, subscribers and jobs need: the options, a client, the shared cache, a logger. */
export interface PluginRuntime {
  options: BnplOptions
  client: BnplClient
  cache?: CacheLike
  logger?: LoggerLike
}

interface ContainerLike {
  resolve<T = unknown>(key: string, options?: { allowUnregistered?: boolean }): T
}

const runtimes = new WeakMap<object, PluginRuntime>()

/**
 * The plugin's runtime for a Medusa container, built once per container so every request
 * reuses one client (and its sockets and token). `req.scope` is a per-request child of the
 * app container, so the cache is keyed on the options object, which Medusa shares.
 * @throws BnplOptionsError when the options are invalid.
 */
export function getPluginRuntime(container: ContainerLike): PluginRuntime {
  const options = resolvePluginOptions(container)
  const known = runtimes.get(options)
  if (known) return known
  const logger = tryResolve<LoggerLike>(container, ContainerRegistrationKeys.LOGGER)
  const cache = tryResolve<CacheLike>(container, Modules.CACHE)
  const runtime = { options, client: createClientFromOptions(options, { logger, cache }), cache, logger }
  runtimes.set(options, runtime)
  return runtime
}

function tryResolve<T>(container: ContainerLike, key: string): T | undefined {
  try {
    return container.resolve<T>(key, { allowUnregistered: true }) ?? undefined
  } catch {
    return undefined
  }
}
