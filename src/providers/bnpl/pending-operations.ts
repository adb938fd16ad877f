import type { CacheLike } from "../../runtime/client-factory"

/**
 * A journal of money calls that were sent but whose outcome Medusa never recorded.
 *
 * Medusa gives each capture or refund a fresh id, and deletes it when the provider throws.
 * If the service applied a refund but its answer was lost on every retry, the admin's next
 * attempt would carry a new id, hence a new `requestId`, and the service would refund again.
 * So before a refund is sent, its `requestId` is written here under the service order and
 * amount; a later attempt for the same order and amount reuses that `requestId`, and the
 * service answers with the refund it already made instead of making a second one
 * (merchant-api-v2.md "Create Refund": idempotent on `requestId` + `merchantReference`).
 * The entry is removed once Medusa has the outcome.
 *
 * Kept in Medusa's cache module, so every server instance sees the same journal; entries
 * live 23 hours, inside the 24 hours the service remembers a `requestId`.
 */
export class PendingOperations {
  static readonly TTL_SECONDS = 23 * 60 * 60
  private readonly memory = new Map<string, { value: PendingOperation; expiresAt: number }>()

  /** `cache` is asked each time: the application's cache exists only once the app has loaded. */
  constructor(private readonly currentCache: () => CacheLike | undefined = () => undefined) {}

  private get cache(): CacheLike | undefined {
    return this.currentCache()
  }

  /** The pending operation of this kind for the order, if an earlier attempt left one. */
  async find(kind: OperationKind, serviceOrderId: string): Promise<PendingOperation | undefined> {
    const key = this.key(kind, serviceOrderId)
    if (this.cache) {
      try {
        return ((await this.cache.get<PendingOperation>(key)) as PendingOperation | null) ?? undefined
      } catch {
        // A cache outage must not stop refunds; fall through to this instance's memory.
      }
    }
    const entry = this.memory.get(key)
    return entry && entry.expiresAt > Date.now() ? entry.value : undefined
  }

  /** Records that `operation` is about to be sent. */
  async begin(kind: OperationKind, serviceOrderId: string, operation: PendingOperation): Promise<void> {
    const key = this.key(kind, serviceOrderId)
    this.memory.set(key, { value: operation, expiresAt: Date.now() + PendingOperations.TTL_SECONDS * 1000 })
    await this.cache?.set(key, operation, PendingOperations.TTL_SECONDS).catch(() => undefined)
  }

  /** Forgets the pending operation once its outcome is recorded in Medusa. */
  async finish(kind: OperationKind, serviceOrderId: string): Promise<void> {
    const key = this.key(kind, serviceOrderId)
    this.memory.delete(key)
    await this.cache?.invalidate?.(key).catch(() => undefined)
  }

  private key(kind: OperationKind, serviceOrderId: string): string {
    return `medusa-payment-bnpl:pending:${kind}:${serviceOrderId}`
  }
}

export type OperationKind = "refund"

export interface PendingOperation {
  requestId: string
  /** API string. */
  amount: string
}
