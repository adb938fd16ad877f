import type { CacheLike } from "../runtime/infrastructure/shared-types"
import type { CompletionFailure } from "./completion-failure"
import { cacheKeys } from "../cache-keys"

// Kept in Medusa's shared cache, so every instance sees the same entry; a lost entry costs one extra
// Auth, never a wrong answer: Auth is idempotent on its requestId (docs/service-api.md "Auth").

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

/** Seconds before the return route sends Auth again (15 ... 300): "not confirmed" there means a replayed URL. */
export function returnBackoffSeconds(unconfirmed: number): number {
  return Math.min(15 * 2 ** Math.max(unconfirmed - 1, 0), 300)
}

/** Minutes between the job's Auths of one session: 1, 2, 4, ... 32, so at most 6 over a checkout's 60 minutes. */
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

/** `count` 0 and `nextAt` 0 when the return never met "not confirmed". */
export function readReturnBackoff(cache: CacheLike | undefined, sessionId: string): Promise<AuthAttempts> {
  return read(cache, returnKey(sessionId))
}

/** Records an unconfirmed Auth sent by the return route; kept an hour (a checkout's lifetime). */
export async function recordReturnUnconfirmed(cache: CacheLike | undefined, sessionId: string, now: number): Promise<void> {
  const before = await readReturnBackoff(cache, sessionId)
  const count = before.count + 1
  await write(cache, returnKey(sessionId), { count, nextAt: now + returnBackoffSeconds(count) * 1000 }, 3600)
}

export function readJobAttempts(cache: CacheLike | undefined, sessionId: string): Promise<AuthAttempts> {
  return read(cache, jobKey(sessionId))
}

export function writeJobAttempts(cache: CacheLike | undefined, sessionId: string, entry: AuthAttempts, ttlSeconds: number): Promise<void> {
  return write(cache, jobKey(sessionId), entry, ttlSeconds)
}

export async function clearJobAttempts(cache: CacheLike | undefined, sessionId: string): Promise<void> {
  await cache?.invalidate?.(jobKey(sessionId)).catch(() => undefined)
}

/** A return the route sent no Auth for may be the consumer's real one: the job then completes it within a minute. */
export async function makeJobAttemptDue(cache: CacheLike | undefined, sessionId: string): Promise<void> {
  const entry = await readJobAttempts(cache, sessionId)
  if (entry.done || entry.nextAt === 0) return
  await write(cache, jobKey(sessionId), { ...entry, nextAt: 0 }, 3600)
}
