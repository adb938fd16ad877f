import { createHash } from "node:crypto"
import { allObservers } from "../../client/call-observer"
import { BnplClient } from "../../client/index"
import { callTelemetry } from "../../client/telemetry"
import { TRANSPORT_OPTION_NAMES } from "../../client/option-rules"
import type { BnplOptions } from "../../options"
import { accountHash } from "../infrastructure/account-hash"
import { applicationCache } from "../infrastructure/app-cache"
import { applicationLock, withServiceCallLock, type LockLike } from "../infrastructure/app-lock"
import { serviceCallObserver } from "../records/call-timeline"
import type { CacheLike, LoggerLike } from "../infrastructure/shared-types"

type TransportOptionName = (typeof TRANSPORT_OPTION_NAMES)[number]

interface SharedClient {
  client: BnplClient
  /**
   * The cache the client's tokens are shared through and the lock the instances take turns
   * with; filled by whichever caller has them, else taken from the application container.
   */
  holder: { cache?: CacheLike; lock?: LockLike }
}

const sharedClients = new Map<string, SharedClient>()

/**
 * The one way every part of the plugin (provider, routes, subscribers, jobs) gets its API
 * client: one client per account and settings in a process, so the provider and the routes
 * share one OAuth token and one pool of sockets (DESIGN.md: a provider instance is not in the
 * app container, so they cannot share it otherwise). When any caller has Medusa's cache,
 * tokens are also shared through it, so several server instances ask the token service once
 * between them. The payment module's container has no cache; the routes' does, and so does
 * the application container once the app has loaded (used when no caller gave one). With
 * Medusa's Locking Module the instances that find no token fetch one between them: the first
 * fetches, the others wait and read it from the cache. Every try of a call about a payment is
 * kept as that payment's timeline (call-timeline.ts), written without holding the call up,
 * and every call is a span and metrics for the store's OpenTelemetry (client/telemetry.ts).
 */
export function createClientFromOptions(
  options: BnplOptions,
  dependencies: { logger?: LoggerLike; cache?: CacheLike; lock?: LockLike } = {}
): BnplClient {
  // The transport options name the client: the same ones give the same client.
  const transport = Object.fromEntries(TRANSPORT_OPTION_NAMES.map((name) => [name, options[name]])) as Pick<BnplOptions, TransportOptionName>
  const key = createHash("sha256").update(JSON.stringify(TRANSPORT_OPTION_NAMES.map((name) => transport[name]))).digest("hex")
  const known = sharedClients.get(key)
  if (known) {
    known.holder.cache ??= dependencies.cache
    known.holder.lock ??= dependencies.lock
    return known.client
  }
  const holder: SharedClient["holder"] = { cache: dependencies.cache, lock: dependencies.lock }
  const cache = () => holder.cache ?? applicationCache()
  const client = new BnplClient({
    ...transport,
    logger: dependencies.logger,
    observer: allObservers(serviceCallObserver(accountHash(options), dependencies.logger), callTelemetry(accountHash(options))),
    tokenStore: {
      get: async (tokenKey: string) => ((await cache()?.get<any>(tokenKey)) ?? undefined),
      set: async (tokenKey: string, value: unknown, ttlSeconds: number) => {
        await cache()?.set(tokenKey, value, Math.max(1, Math.floor(ttlSeconds)))
      },
      exclusive: <T>(lockKey: string, job: () => Promise<T>) =>
        withServiceCallLock(holder.lock ?? applicationLock(), lockKey, job),
    },
  })
  sharedClients.set(key, { client, holder })
  return client
}
