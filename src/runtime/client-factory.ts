import { createHash } from "node:crypto"
import { BnplClient } from "../client"
import type { BnplLogger } from "../client/options"
import type { BnplOptions } from "../options"

/** Medusa's logger, or any object with the same methods. */
export type LoggerLike = BnplLogger

/** Medusa's cache service (Modules.CACHE): a shared key-value store with TTLs in seconds. */
export interface CacheLike {
  get<T>(key: string): Promise<T | null | undefined>
  set(key: string, data: unknown, ttl?: number): Promise<void>
  invalidate?(key: string): Promise<void>
}

interface SharedClient {
  client: BnplClient
  /** The cache the client's tokens are shared through; filled by whichever caller has one. */
  holder: { cache?: CacheLike }
}

const sharedClients = new Map<string, SharedClient>()

/**
 * The one way every part of the plugin (provider, routes, subscribers, jobs) gets its API
 * client: one client per account and settings in a process, so the provider and the routes
 * share one OAuth token and one pool of sockets (DESIGN.md: a provider instance is not in the
 * app container, so they cannot share it otherwise). When any caller has Medusa's cache,
 * tokens are also shared through it, so several server instances ask the token service once
 * between them. The payment module's container has no cache; the routes' does.
 */
export function createClientFromOptions(
  options: BnplOptions,
  dependencies: { logger?: LoggerLike; cache?: CacheLike } = {}
): BnplClient {
  const key = createHash("sha256")
    .update(
      JSON.stringify([
        options.baseUrl,
        options.authUrl,
        options.merchantId,
        options.secretKey,
        options.authScheme,
        options.userAgent,
        options.timeouts,
        options.maxRetries,
        options.maxSockets,
        options.keepAliveTimeoutMs,
      ])
    )
    .digest("hex")
  const known = sharedClients.get(key)
  if (known) {
    known.holder.cache ??= dependencies.cache
    return known.client
  }
  const holder: SharedClient["holder"] = { cache: dependencies.cache }
  const client = new BnplClient({
    merchantId: options.merchantId,
    secretKey: options.secretKey,
    baseUrl: options.baseUrl,
    authUrl: options.authUrl,
    authScheme: options.authScheme,
    userAgent: options.userAgent,
    timeouts: options.timeouts,
    maxRetries: options.maxRetries,
    maxSockets: options.maxSockets,
    keepAliveTimeoutMs: options.keepAliveTimeoutMs,
    logger: dependencies.logger,
    tokenStore: {
      get: async (tokenKey: string) => ((await holder.cache?.get<any>(tokenKey)) ?? undefined),
      set: async (tokenKey: string, value: unknown, ttlSeconds: number) => {
        await holder.cache?.set(tokenKey, value, Math.max(1, Math.floor(ttlSeconds)))
      },
    },
  })
  sharedClients.set(key, { client, holder })
  return client
}

/** A cache key for per-account data that reveals nothing about the credentials. */
export function accountCacheKey(options: Pick<BnplOptions, "merchantId" | "baseUrl">, name: string): string {
  const account = createHash("sha256").update(`${options.baseUrl}|${options.merchantId}`).digest("hex")
  return `medusa-payment-bnpl:${name}:${account.slice(0, 16)}`
}
