import { container } from "@medusajs/framework"
import { Modules } from "@medusajs/framework/utils"
import type { CacheLike } from "./client-factory"

/**
 * Medusa's cache module (Modules.CACHE) from the application container, or undefined.
 *
 * A payment provider is built in the payment module's own container, which does not hold
 * the cache module; the application container does, once the app has loaded. The provider
 * asks for it when it needs it, so the pending-refund journal, the account's limits and the
 * OAuth token live where every server instance sees them (in Redis with Medusa's Redis cache).
 */
export function applicationCache(): CacheLike | undefined {
  try {
    return (container.resolve(Modules.CACHE, { allowUnregistered: true }) as CacheLike | undefined) ?? undefined
  } catch {
    return undefined
  }
}
