import type { CacheLike } from "../runtime/infrastructure/shared-types"
import type { CompletionFailure } from "./completion-failure"
import { cacheKeys } from "../cache-keys"

/**
 * The back-offs that bound the Auth calls a stranger can cause (docs/operations.md, "Back-offs
 * of Auth"). Kept in Medusa's shared cache (runtime/infrastructure/app-cache.ts: the Caching Module on Redis
 * in production), so every server instance and the worker see the same entry; an entry lost
 * (a cache flush, no shared cache) costs one extra Auth, never a wrong answer: Auth is
 * idempotent on its requestId (docs/service-api.md "Auth").
 */

/** One session's tries by one caller. */
export interface AuthAttempts {
  count: number
  /** Epoch ms before which this caller sends no Auth for the session. */
  nextAt: number
  /** Set when trying again cannot help (declined, changed, used): the job's entry only. */
  done?: CompletionFailure
}

const NONE: AuthAttempts = { count: 0, nextAt: 0 }
const returnKey = cacheKeys.returnAuthBackoff
const jobKey = cacheKeys.pendingCompletion

/**
 * Seconds the return route waits, after Auth answered "not confirmed" for a session, before it
 * sends Auth for that session again: 15, 30, 60, ... at most 300. The service redirects the
 * consumer to the return route only after they confirmed, so an unconfirmed answer there comes
 * from a hand-made or replayed URL: one Auth, then `processing` (the job takes over).
 */
export function returnBackoffSeconds(unconfirmed: number): number {
  return Math.min(15 * 2 ** Math.max(unconfirmed - 1, 0), 300)
}

/**
 * Minutes the background completion waits between Auths of one session whose consumer has not
 * confirmed: 1, 2, 4, 8, 16, 32, so at most 6 Auths over a checkout's 60 minutes.
 */
export function jobBackoffMinutes(unconfirmed: number): number {
  return Math.min(2 ** Math.max(unconfirmed - 1, 0), 32)
}

async function read(cache: CacheLike | undefined, key: string): Promise<AuthAttempts> {
  const entry = (await cache?.get<AuthAttempts>(key).catch(() => undefined)) as AuthAttempts | null | undefined
  return entry ?? NONE
}

async function write(cache: CacheLike | undefined, key: string, entry: AuthAttempts, ttlSeconds: number): Promise<void> {
  await cache?.set(key, entry, Math.max(Math.ceil(ttlSeconds), 60)).catch(() => undefined)
}

/** The return route's entry for a session (`count` 0 and `nextAt` 0 when it never met "not confirmed"). */
export function readReturnBackoff(cache: CacheLike | undefined, sessionId: string): Promise<AuthAttempts> {
  return read(cache, returnKey(sessionId))
}

/** Records an unconfirmed Auth sent by the return route; kept an hour (a checkout's lifetime). */
export async function recordReturnUnconfirmed(cache: CacheLike | undefined, sessionId: string, now: number): Promise<void> {
  const before = await readReturnBackoff(cache, sessionId)
  const count = before.count + 1
  await write(cache, returnKey(sessionId), { count, nextAt: now + returnBackoffSeconds(count) * 1000 }, 3600)
}

/** The background completion's entry for a session (pending-completions.ts). */
export function readJobAttempts(cache: CacheLike | undefined, sessionId: string): Promise<AuthAttempts> {
  return read(cache, jobKey(sessionId))
}

/** Stores the job's entry until `ttlSeconds` (the checkout's expiry). */
export function writeJobAttempts(cache: CacheLike | undefined, sessionId: string, entry: AuthAttempts, ttlSeconds: number): Promise<void> {
  return write(cache, jobKey(sessionId), entry, ttlSeconds)
}

export async function clearJobAttempts(cache: CacheLike | undefined, sessionId: string): Promise<void> {
  await cache?.invalidate?.(jobKey(sessionId)).catch(() => undefined)
}

/**
 * Makes the session due at the job's next run (keeping its count): a return the route did not
 * send Auth for (its back-off) may be the consumer's real one, and the job then completes it
 * within a minute. At most one Auth per run per session still holds.
 */
export async function makeJobAttemptDue(cache: CacheLike | undefined, sessionId: string): Promise<void> {
  const entry = await readJobAttempts(cache, sessionId)
  if (entry.done || entry.nextAt === 0) return
  await write(cache, jobKey(sessionId), { ...entry, nextAt: 0 }, 3600)
}
