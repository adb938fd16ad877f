import type { BnplLogger } from "../../client/options"

// The shapes taken from Medusa, declared once so that no import circle forms to borrow one.

/** A Medusa container (the application's, a request's `scope`, a job's or subscriber's). */
export interface ContainerLike {
  // `any` as Medusa's own `resolve` has it: callers name the type where they use the result.
  resolve<T = any>(key: string, options?: { allowUnregistered?: boolean }): T
}

/** Medusa's logger, or any object with the same methods. */
export type LoggerLike = BnplLogger

/** A shared key-value store, TTLs in seconds: Medusa's Cache Module, or its Caching Module via `cacheFromCachingModule`. */
export interface CacheLike {
  get<T>(key: string): Promise<T | null | undefined>
  set(key: string, data: unknown, ttl?: number): Promise<void>
  invalidate?(key: string): Promise<void>
}
