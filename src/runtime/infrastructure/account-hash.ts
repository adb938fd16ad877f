import { createHash } from "node:crypto"
import { cacheKeys } from "../../cache-keys"
import type { BnplOptions } from "../../options"

/** An account's stable id, not reversible: 16 hex digits of SHA-256 over base URL and merchant id. */
export function accountHash(options: Pick<BnplOptions, "merchantId" | "baseUrl">): string {
  return createHash("sha256").update(`${options.baseUrl}|${options.merchantId}`).digest("hex").slice(0, 16)
}

/** A cache key for per-account data that reveals nothing about the credentials. */
export function accountCacheKey(options: Pick<BnplOptions, "merchantId" | "baseUrl">, name: string): string {
  return cacheKeys.account(name, accountHash(options))
}
