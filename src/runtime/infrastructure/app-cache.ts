import { container } from "@medusajs/framework"
import { Modules } from "@medusajs/framework/utils"
import type { CacheLike } from "./shared-types"
import { warnOnceWhenInstancesCannotShare } from "./sharing-check"
import type { ContainerLike } from "./shared-types"

/**
 * The cache every instance of the store shares, reached through Medusa's containers.
 *
 * Medusa has two: the Caching Module (`Modules.CACHING`, `@medusajs/medusa/caching` with the
 * `caching-redis` provider; Medusa's docs configure it since 2.11) and the older Cache Module
 * (`Modules.CACHE`, `cache-redis` or the default in-memory one), deprecated but still loaded
 * by default. The Caching Module is used when it is configured, else the Cache Module: with
 * only the Caching Module on Redis, the Cache Module is the per-process in-memory default, and
 * using it would leave every instance with its own token and limits.
 */


/** Medusa's Caching Module service (ICachingModuleService), the calls the plugin makes. */
interface CachingModuleLike {
  get(input: { key: string }): Promise<unknown>
  set(input: { key: string; data: unknown; ttl?: number; tags?: string[]; options?: { autoInvalidate?: boolean } }): Promise<void>
  clear(input: { key: string }): Promise<void>
}

// One adapter per Caching Module service, so callers that compare caches see the same object.
const adapters = new WeakMap<object, CacheLike>()

/**
 * The Caching Module seen through the Cache Module's `get` / `set(key, data, ttlSeconds)` /
 * `invalidate` shape the plugin uses. Entries are set with no tags and `autoInvalidate: false`:
 * they are the plugin's own, and no change of Medusa's data should clear them.
 */
export function cacheFromCachingModule(caching: CachingModuleLike): CacheLike {
  const known = adapters.get(caching)
  if (known) return known
  const adapter: CacheLike = {
    async get<T>(key: string) {
      return ((await caching.get({ key })) as T | null | undefined) ?? undefined
    },
    async set(key: string, data: unknown, ttl?: number) {
      await caching.set({ key, data, ttl, tags: [], options: { autoInvalidate: false } })
    },
    async invalidate(key: string) {
      await caching.clear({ key })
    },
  }
  adapters.set(caching, adapter)
  return adapter
}

/**
 * The shared cache of a Medusa container: the Caching Module when it is registered, else the
 * Cache Module, else undefined (a container without either, such as a payment module's).
 */
export function cacheFromContainer(from: ContainerLike): CacheLike | undefined {
  const caching = tryResolve<CachingModuleLike>(from, Modules.CACHING)
  if (caching && typeof caching.get === "function" && typeof caching.clear === "function") {
    return cacheFromCachingModule(caching)
  }
  return tryResolve<CacheLike>(from, Modules.CACHE)
}

/**
 * The shared cache from Medusa's application container, or undefined before the app has
 * loaded.
 *
 * A payment provider is built in the payment module's own container, which holds neither
 * cache module; the application container does, once the app has loaded. The provider asks
 * for it when it needs it, so the pending-refund journal, the account's limits and the OAuth
 * token live where every server instance sees them (in Redis with Medusa's Redis modules).
 */
export function applicationCache(): CacheLike | undefined {
  const app = container as unknown as ContainerLike
  warnOnceWhenInstancesCannotShare(app)
  return cacheFromContainer(app)
}

function tryResolve<T>(from: ContainerLike, key: string): T | undefined {
  try {
    return from.resolve<T>(key, { allowUnregistered: true }) ?? undefined
  } catch {
    return undefined
  }
}
