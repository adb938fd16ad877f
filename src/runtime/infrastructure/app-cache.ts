import { container } from "@medusajs/framework"
import { Modules } from "@medusajs/framework/utils"
import type { CacheLike } from "./shared-types"
import { warnOnceWhenInstancesCannotShare } from "./sharing-check"
import type { ContainerLike } from "./shared-types"

// The Caching Module goes before the Cache Module: with only the Caching Module on Redis, the Cache Module is the
// per-process in-memory default, and each instance would keep its own token and limits.

/** The calls the plugin makes on Medusa's Caching Module. */
interface CachingModuleLike {
  get(input: { key: string }): Promise<unknown>
  set(input: { key: string; data: unknown; ttl?: number; tags?: string[]; options?: { autoInvalidate?: boolean } }): Promise<void>
  clear(input: { key: string }): Promise<void>
}

// One adapter per Caching Module service, so callers that compare caches see the same object.
const adapters = new WeakMap<object, CacheLike>()

/** The Caching Module in the Cache Module's shape; no tags and `autoInvalidate: false`, so no change of Medusa's data clears them. */
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

/** The Caching Module if registered, else the Cache Module, else undefined (as in a payment module's container). */
export function cacheFromContainer(from: ContainerLike): CacheLike | undefined {
  const caching = tryResolve<CachingModuleLike>(from, Modules.CACHING)
  if (caching && typeof caching.get === "function" && typeof caching.clear === "function") {
    return cacheFromCachingModule(caching)
  }
  return tryResolve<CacheLike>(from, Modules.CACHE)
}

/** The app container's shared cache, undefined before load: a provider's own container has none, and every instance must share. */
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
