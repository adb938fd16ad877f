import { getPluginRuntime } from "../runtime/accounts/plugin-runtime"
import type { CompletionFailure } from "./completion-failure"
import type { ContainerLike } from "../runtime/infrastructure/shared-types"
import { cacheKeys } from "../cache-keys"

/** How a cart's last completion ended, when it placed no order; kept a day for the status route. */
export interface CompletionRecord {
  status: "failed"
  reason: CompletionFailure
  at: string
}

const TTL_SECONDS = 24 * 60 * 60
const key = cacheKeys.completion

/** In the cache every instance shares. */
export async function recordCompletionFailure(scope: ContainerLike, cartId: string, reason: CompletionFailure): Promise<void> {
  const record: CompletionRecord = { status: "failed", reason, at: new Date().toISOString() }
  await getPluginRuntime(scope)
    .cache?.set(key(cartId), record, TTL_SECONDS)
    .catch(() => undefined)
}

export async function readCompletionRecord(scope: ContainerLike, cartId: string): Promise<CompletionRecord | undefined> {
  return (
    ((await getPluginRuntime(scope)
      .cache?.get<CompletionRecord>(key(cartId))
      .catch(() => undefined)) as CompletionRecord | null) ?? undefined
  )
}

/** Once a new session or an order makes it stale. */
export async function clearCompletionRecord(scope: ContainerLike, cartId: string): Promise<void> {
  await getPluginRuntime(scope)
    .cache?.invalidate?.(key(cartId))
    .catch(() => undefined)
}
