import type { LegacyRefund } from "../../payments/money-movements"
import type { CacheLike } from "../infrastructure/shared-types"
import { cacheKeys } from "../../cache-keys"

/**
 * Versions before the money records kept the refunds whose answer was lost in the cache, under
 * `medusa-payment-bnpl:pending-refunds:[<account hash>:]<service order>` (one list per order).
 * On the first refund of an order after the upgrade, its entries are read once into the records
 * (payments/money-movements.ts) and removed here, so a refund applied before the upgrade is
 * still settled against the service. The cache cannot list its keys, so this runs per order.
 * @returns the entries found (empty without a cache or an entry); never throws.
 */
export async function takeLegacyRefunds(cache: CacheLike | undefined, accountHash: string, serviceOrderId: string): Promise<LegacyRefund[]> {
  if (!cache) return []
  const keys = [cacheKeys.legacyPendingRefunds(serviceOrderId, accountHash), cacheKeys.legacyPendingRefunds(serviceOrderId)]
  const found: LegacyRefund[] = []
  for (const key of keys) {
    try {
      const entries = (await cache.get<Array<{ requestId?: unknown; amount?: unknown }>>(key)) ?? []
      for (const entry of Array.isArray(entries) ? entries : []) {
        if (typeof entry?.requestId === "string" && typeof entry.amount === "string") found.push({ requestId: entry.requestId, amount: entry.amount })
      }
      if (Array.isArray(entries) && entries.length) await (cache.invalidate?.(key) ?? cache.set(key, [], 1))
    } catch {
      // A cache that cannot be read holds nothing this version can use.
    }
  }
  return found
}
