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
  /** Filled by whichever caller has them: tokens are shared through the cache, instances take turns with the lock. */
  holder: { cache?: CacheLike; lock?: LockLike }
}

const sharedClients = new Map<string, SharedClient>()

/**
 * The one way the plugin gets its API client: one per account and settings in a process, so provider and routes share
 * one OAuth token and socket pool (a provider instance is not in the app container). With Medusa's cache and lock the
 * instances also share tokens and fetch a missing one once between them.
 */
export function createClientFromOptions(
  options: BnplOptions,
  dependencies: { logger?: LoggerLike; cache?: CacheLike; lock?: LockLike } = {},
): BnplClient {
  // The transport options name the client: the same ones give the same client.
  const transport = Object.fromEntries(TRANSPORT_OPTION_NAMES.map((name) => [name, options[name]])) as Pick<
    BnplOptions,
    TransportOptionName
  >
  const key = createHash("sha256")
    .update(JSON.stringify(TRANSPORT_OPTION_NAMES.map((name) => transport[name])))
    .digest("hex")
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
      get: async (tokenKey: string) => (await cache()?.get<any>(tokenKey)) ?? undefined,
      set: async (tokenKey: string, value: unknown, ttlSeconds: number) => {
        await cache()?.set(tokenKey, value, Math.max(1, Math.floor(ttlSeconds)))
      },
      exclusive: <T>(lockKey: string, job: () => Promise<T>) => withServiceCallLock(holder.lock ?? applicationLock(), lockKey, job),
    },
  })
  sharedClients.set(key, { client, holder })
  return client
}
