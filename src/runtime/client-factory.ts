import { createHash } from "node:crypto"
import { BnplClient } from "../client"
import type { BnplOptions } from "../options"

/** Medusa's logger, or any object with the same methods. */
export interface LoggerLike {
  debug?(message: string): void
  info?(message: string): void
  warn?(message: string): void
  error?(message: string): void
}

/** Medusa's cache service (Modules.CACHE): a shared key-value store with TTLs in seconds. */
export interface CacheLike {
  get<T>(key: string): Promise<T | null | undefined>
  set(key: string, data: unknown, ttl?: number): Promise<void>
  invalidate?(key: string): Promise<void>
}

/**
 * The one way every part of the plugin (provider, routes, subscribers, jobs) builds its API
 * client from the options, so they all speak to the service alike (DESIGN.md: a provider
 * instance is not in the app container). With a cache, OAuth tokens are shared through it,
 * so several server instances ask the token service once between them.
 */
export function createClientFromOptions(
  options: BnplOptions,
  dependencies: { logger?: LoggerLike; cache?: CacheLike } = {}
): BnplClient {
  const { cache, logger } = dependencies
  return new BnplClient({
    merchantId: options.merchantId,
    secretKey: options.secretKey,
    baseUrl: options.baseUrl,
    authUrl: options.authUrl,
    authScheme: options.authScheme,
    userAgent: options.userAgent,
    timeouts: options.timeouts as never,
    maxRetries: options.maxRetries,
    logger,
    tokenStore: cache
      ? {
          get: async (key: string) => (await cache.get<any>(key)) ?? undefined,
          set: async (key: string, value: unknown, ttlSeconds: number) =>
            cache.set(key, value, Math.max(1, Math.floor(ttlSeconds))),
        }
      : undefined,
  })
}

/** A cache key for per-account data that reveals nothing about the credentials. */
export function accountCacheKey(options: Pick<BnplOptions, "merchantId" | "baseUrl">, name: string): string {
  const account = createHash("sha256").update(`${options.baseUrl}|${options.merchantId}`).digest("hex")
  return `medusa-payment-bnpl:${name}:${account.slice(0, 16)}`
}
