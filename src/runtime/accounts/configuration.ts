import type { BnplClient } from "../../client/index"
import type { Money } from "../../client/money"
import type { BnplOptions } from "../../options"
import { applicationLock, withServiceCallLock, type LockLike } from "../infrastructure/app-lock"
import { accountCacheKey } from "../infrastructure/account-hash"
import type { CacheLike, LoggerLike } from "../infrastructure/shared-types"
import { SingleFlight } from "../infrastructure/single-flight"

/** The account's order limits as last read with Get Configuration, and when. */
export interface CachedConfiguration {
  minimumAmount: Money
  maximumAmount: Money
  fetchedAt: string
  /** ISO 8601: when the service's `Cache-Control: max-age` says to read it again. */
  expiresAt: string
}

/** The document recommends about one Get Configuration a day (docs/service-api.md "Get Configuration"). */
export const DEFAULT_CONFIGURATION_TTL_SECONDS = 24 * 60 * 60

/** The shortest time limits are kept, whatever `Cache-Control` says. */
export const MINIMUM_CONFIGURATION_TTL_SECONDS = 60 * 60

// Last good value per account, so a brief service outage with an empty cache does not hide the method.
const lastKnown = new Map<string, CachedConfiguration>()

const flights = new SingleFlight<CachedConfiguration>()

/**
 * The account's limits from the shared cache when fresh, else Get Configuration (docs/service-api.md "Get Configuration"),
 * once per need across the store: one flight per process, Medusa's lock across processes. `forceRefresh` always calls.
 * Throws BnplApiError when the service cannot be read and no value was ever read.
 */
export async function getConfiguration(
  client: BnplClient,
  options: Pick<BnplOptions, "merchantId" | "baseUrl">,
  dependencies: { cache?: CacheLike; logger?: LoggerLike; forceRefresh?: boolean; lock?: LockLike } = {},
): Promise<CachedConfiguration> {
  const key = accountCacheKey(options, "configuration")
  const { cache, logger } = dependencies
  const forced = dependencies.forceRefresh ?? false
  if (!forced) {
    const cached = await freshValue(cache, key)
    if (cached) return cached
  }
  const lock = dependencies.lock ?? applicationLock()
  return flights.run(`${key}|${forced ? "refresh" : "read"}`, async () => {
    try {
      return await withServiceCallLock(lock, `${key}:lock`, async () => {
        if (!forced) {
          // Another process may have read it while this one waited for the lock.
          const cached = await freshValue(cache, key)
          if (cached) return cached
        }
        return readFromService(client, key, cache, logger)
      })
    } catch (error) {
      const stale = lastKnown.get(key) ?? (await safeGet(cache, key))
      if (stale) {
        logger?.warn?.(
          `medusa-payment-bnpl: Get Configuration failed (${(error as Error).message}); using the limits read at ${stale.fetchedAt}`,
        )
        return stale
      }
      throw error
    }
  })
}

async function freshValue(cache: CacheLike | undefined, key: string): Promise<CachedConfiguration | undefined> {
  const cached = (await safeGet(cache, key)) ?? lastKnown.get(key)
  return cached && Date.parse(cached.expiresAt) > Date.now() ? cached : undefined
}

async function readFromService(
  client: BnplClient,
  key: string,
  cache: CacheLike | undefined,
  logger: LoggerLike | undefined,
): Promise<CachedConfiguration> {
  const { configuration, maxAgeSeconds } = await client.getConfiguration()
  // A `no-cache` or `max-age=0` must not turn every eligibility check into a call: an hour at least.
  const ttl = Math.max(maxAgeSeconds ?? DEFAULT_CONFIGURATION_TTL_SECONDS, MINIMUM_CONFIGURATION_TTL_SECONDS)
  const now = Date.now()
  const value: CachedConfiguration = {
    minimumAmount: { ...configuration.minimumAmount },
    maximumAmount: { ...configuration.maximumAmount },
    fetchedAt: new Date(now).toISOString(),
    expiresAt: new Date(now + ttl * 1000).toISOString(),
  }
  lastKnown.set(key, value)
  if (cache) {
    await cache.set(key, value, ttl).catch((error: unknown) => {
      logger?.warn?.(`medusa-payment-bnpl: could not store the configuration in the cache: ${String(error)}`)
    })
  }
  return value
}

async function safeGet(cache: CacheLike | undefined, key: string): Promise<CachedConfiguration | undefined> {
  if (!cache) return undefined
  try {
    return ((await cache.get<CachedConfiguration>(key)) as CachedConfiguration | null) ?? undefined
  } catch {
    return undefined
  }
}
