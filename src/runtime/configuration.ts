import type { BnplClient } from "../client"
import type { Money } from "../client/money"
import type { BnplOptions } from "../options"
import { accountCacheKey, type CacheLike, type LoggerLike } from "./client-factory"

/** The account's order limits as last read with Get Configuration, and when. */
export interface CachedConfiguration {
  minimumAmount: Money
  maximumAmount: Money
  /** ISO 8601. */
  fetchedAt: string
  /** ISO 8601: when the service's `Cache-Control: max-age` says to read it again. */
  expiresAt: string
}

/** The document recommends about one Get Configuration a day (merchant-api-v2.md, "Get Configuration"). */
export const DEFAULT_CONFIGURATION_TTL_SECONDS = 24 * 60 * 60

/** The shortest time limits are kept, whatever `Cache-Control` says. */
export const MINIMUM_CONFIGURATION_TTL_SECONDS = 60 * 60

// Last good value per account in this process: used when the shared cache is empty and the
// service cannot be reached, so a brief outage of the service does not hide the method.
const lastKnown = new Map<string, CachedConfiguration>()

/**
 * The account's limits: from Medusa's cache when fresh, else from Get Configuration
 * (stored for as long as `Cache-Control` allows, 24 hours when it says nothing).
 * Source: merchant-api-v2.md "Get Configuration" and "Limits".
 * @throws BnplApiError when the service cannot be read and no value was ever read.
 */
export async function getConfiguration(
  client: BnplClient,
  options: Pick<BnplOptions, "merchantId" | "baseUrl">,
  dependencies: { cache?: CacheLike; logger?: LoggerLike; forceRefresh?: boolean } = {}
): Promise<CachedConfiguration> {
  const key = accountCacheKey(options, "configuration")
  const { cache, logger } = dependencies
  if (!dependencies.forceRefresh) {
    const cached = (await safeGet(cache, key)) ?? lastKnown.get(key)
    if (cached && Date.parse(cached.expiresAt) > Date.now()) return cached
  }
  try {
    const { configuration, maxAgeSeconds } = await client.getConfiguration()
    // The document asks for about one call a day; a `no-cache` or `max-age=0` must not turn
    // every eligibility check into a call, so the service's word is kept for an hour at least.
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
  } catch (error) {
    const stale = lastKnown.get(key) ?? (await safeGet(cache, key))
    if (stale) {
      logger?.warn?.(
        `medusa-payment-bnpl: Get Configuration failed (${(error as Error).message}); using the limits read at ${stale.fetchedAt}`
      )
      return stale
    }
    throw error
  }
}

async function safeGet(cache: CacheLike | undefined, key: string): Promise<CachedConfiguration | undefined> {
  if (!cache) return undefined
  try {
    return ((await cache.get<CachedConfiguration>(key)) as CachedConfiguration | null) ?? undefined
  } catch {
    return undefined
  }
}
