/** A cache every server instance shares (Medusa's cache or caching module), as the journal uses it. */
export interface JournalStore {
  get<T>(key: string): Promise<T | null | undefined>
  set(key: string, data: unknown, ttl?: number): Promise<void>
  invalidate?(key: string): Promise<void>
}

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
export class RefundJournal {
  static readonly TTL_SECONDS = 23 * 60 * 60
  private readonly memory = new Map<string, { value: PendingOperation; expiresAt: number }>()

  /** `cache` is asked each time: the application's cache exists only once the app has loaded. */
  constructor(private readonly currentCache: () => JournalStore | undefined = () => undefined) {}

  /** The pending operation for this order and amount (an API string), if an earlier attempt left one. */
  async find(kind: OperationKind, serviceOrderId: string, amount: string): Promise<PendingOperation | undefined> {
    const key = this.key(kind, serviceOrderId, amount)
    const cache = this.currentCache()
    if (cache) {
      try {
        const shared = (await cache.get<PendingOperation>(key)) as PendingOperation | null
        if (shared) return shared
      } catch {
        // A cache outage must not stop refunds; this instance's memory still knows its own.
      }
    }
    const entry = this.memory.get(key)
    return entry && entry.expiresAt > Date.now() ? entry.value : undefined
  }

  /** Records that `operation` is about to be sent. */
  async begin(kind: OperationKind, serviceOrderId: string, operation: PendingOperation): Promise<void> {
    const key = this.key(kind, serviceOrderId, operation.amount)
    this.memory.set(key, { value: operation, expiresAt: Date.now() + RefundJournal.TTL_SECONDS * 1000 })
    await this.currentCache()?.set(key, operation, RefundJournal.TTL_SECONDS).catch(() => undefined)
  }

  /** Records that `operation` ended without an answer: it may or may not have been applied. */
  async markUnknown(kind: OperationKind, serviceOrderId: string, operation: PendingOperation): Promise<void> {
    await this.begin(kind, serviceOrderId, { ...operation, outcome: "unknown" })
  }

  /**
   * Whether a later attempt should reuse `pending`'s requestId: when it ended without an
   * answer, or was started so long ago that its process must have died mid-call. An attempt
   * still in flight is not reused, so two refunds of the same amount made at once stay two.
   */
  static shouldReuse(pending: PendingOperation | undefined, now = Date.now()): pending is PendingOperation {
    return !!pending && (pending.outcome === "unknown" || now - pending.startedAt > RefundJournal.ABANDONED_AFTER_MS)
  }

  /** Longer than any call may take with its retries (70 s read time-out, three tries). */
  static readonly ABANDONED_AFTER_MS = 10 * 60 * 1000

  /**
   * Forgets `operation` once its outcome is recorded in Medusa. Only the entry it wrote: a
   * concurrent attempt for the same order and amount under another `requestId` is left alone.
   */
  async finish(kind: OperationKind, serviceOrderId: string, operation: PendingOperation): Promise<void> {
    const key = this.key(kind, serviceOrderId, operation.amount)
    if (this.memory.get(key)?.value.requestId === operation.requestId) this.memory.delete(key)
    const cache = this.currentCache()
    if (!cache) return
    try {
      const shared = (await cache.get<PendingOperation>(key)) as PendingOperation | null
      if (shared?.requestId === operation.requestId) await cache.invalidate?.(key)
    } catch {
      // Left behind, the entry only makes a later refund of the same amount replay this one's
      // answer at the service, and expires within a day.
    }
  }

  private key(kind: OperationKind, serviceOrderId: string, amount: string): string {
    return `medusa-payment-bnpl:pending:${kind}:${serviceOrderId}:${amount}`
  }
}

export type OperationKind = "refund"

export interface PendingOperation {
  requestId: string
  /** API string. */
  amount: string
  /** Epoch ms when the attempt was sent. */
  startedAt: number
  /** "unknown": it ended without an answer. Absent while in flight. */
  outcome?: "unknown"
}
