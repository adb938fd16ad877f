import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { BnplClient } from "../client"
import type { BnplOptions } from "../options"
import { cacheFromContainer } from "./app-cache"
import { lockFromContainer, type LockLike } from "./app-lock"
import { createClientFromOptions, type CacheLike, type LoggerLike } from "./client-factory"
import { resolvePluginOptions } from "./plugin-options"
import { warnOnceWhenInstancesCannotShare } from "./sharing-check"

/** What routes, subscribers and jobs need: the options, a client, the shared cache and lock, a logger. */
export interface PluginRuntime {
  options: BnplOptions
  client: BnplClient
  /** Medusa's Caching Module when configured, else its Cache Module (app-cache.ts). */
  cache?: CacheLike
  /** Medusa's Locking Module. */
  lock?: LockLike
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
  const cache = cacheFromContainer(container)
  const lock = lockFromContainer(container)
  warnOnceWhenInstancesCannotShare(container, logger)
  const runtime = { options, client: createClientFromOptions(options, { logger, cache, lock }), cache, lock, logger }
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
