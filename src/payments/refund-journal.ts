/** A cache every server instance shares (Medusa's cache or caching module), as the journal uses it. */
export interface JournalStore {
  get<T>(key: string): Promise<T | null | undefined>
  set(key: string, data: unknown, ttl?: number): Promise<void>
  invalidate?(key: string): Promise<void>
}

/** One refund sent to the service, as the journal keeps it until Medusa has its outcome. */
export interface PendingRefund {
  requestId: string
  /** API string. */
  amount: string
  /** Epoch ms when the attempt was sent. */
  startedAt: number
  /** "unknown": it ended without an answer. Absent while in flight. */
  outcome?: "unknown"
}

/**
 * The refunds of one service order that were sent but whose outcome Medusa never recorded.
 *
 * Medusa gives each refund a fresh id, and deletes it when the provider throws. If the
 * service applied a refund but its answer was lost on every retry, the admin's next attempt
 * (of any amount) would carry a new `requestId`, and the service would refund again. So every
 * refund is written here before it is sent, and an attempt that ended without an answer stays
 * here; the next refund of the order first resolves those against the service's own record
 * (Get Payment's refunds, by requestId) and subtracts what was applied (payment-operations.ts).
 *
 * One entry per service order, read and written under the payment's lock; kept in Medusa's
 * cache so every instance sees it, for 23 hours (inside the 24 hours the service remembers a
 * `requestId`). Without a cache, this process's memory.
 */
export class RefundJournal {
  static readonly TTL_SECONDS = 23 * 60 * 60
  /** Longer than any call may take with its retries: an attempt this old died with its process. */
  static readonly ABANDONED_AFTER_MS = 10 * 60 * 1000
  private readonly memory = new Map<string, { value: PendingRefund[]; expiresAt: number }>()

  /**
   * `currentCache` is asked each time: the application's cache exists only once the app has
   * loaded. `account` scopes the keys to one merchant account (a hash of its merchant id,
   * never a secret): two accounts' service orders may share an id.
   */
  constructor(
    private readonly currentCache: () => JournalStore | undefined = () => undefined,
    private readonly account?: string
  ) {}

  /**
   * The order's refunds whose outcome is unknown: ended without an answer, or started so long
   * ago that their process must have died. One still in flight is not included.
   */
  async unresolved(serviceOrderId: string, now = Date.now()): Promise<PendingRefund[]> {
    return (await this.read(serviceOrderId)).filter(
      (entry) => entry.outcome === "unknown" || now - entry.startedAt > RefundJournal.ABANDONED_AFTER_MS
    )
  }

  /** Records that `refund` is about to be sent. */
  async begin(serviceOrderId: string, refund: PendingRefund): Promise<void> {
    await this.write(serviceOrderId, [...(await this.read(serviceOrderId)).filter((entry) => entry.requestId !== refund.requestId), refund])
  }

  /** Records that `refund` ended without an answer: it may or may not have been applied. */
  async markUnknown(serviceOrderId: string, refund: PendingRefund): Promise<void> {
    await this.begin(serviceOrderId, { ...refund, outcome: "unknown" })
  }

  /** Forgets refunds whose outcome is now known (answered, or resolved against the service). */
  async finish(serviceOrderId: string, ...refunds: PendingRefund[]): Promise<void> {
    const done = new Set(refunds.map((refund) => refund.requestId))
    await this.write(serviceOrderId, (await this.read(serviceOrderId)).filter((entry) => !done.has(entry.requestId)))
  }

  private key(serviceOrderId: string): string {
    return `medusa-payment-bnpl:pending-refunds:${this.account ? `${this.account}:` : ""}${serviceOrderId}`
  }

  // Where versions before per-account keys kept the order's refunds: read until written again,
  // so an unanswered refund from before an upgrade is still resolved.
  private legacyKey(serviceOrderId: string): string | undefined {
    return this.account ? `medusa-payment-bnpl:pending-refunds:${serviceOrderId}` : undefined
  }

  private async read(serviceOrderId: string): Promise<PendingRefund[]> {
    const key = this.key(serviceOrderId)
    const legacyKey = this.legacyKey(serviceOrderId)
    const cache = this.currentCache()
    if (cache) {
      try {
        const shared = (await cache.get<PendingRefund[]>(key)) as PendingRefund[] | null | undefined
        if (shared) return shared
        const legacy = legacyKey ? ((await cache.get<PendingRefund[]>(legacyKey)) as PendingRefund[] | null | undefined) : undefined
        if (legacy) return legacy
      } catch {
        // A cache outage must not stop refunds; this instance's memory still knows its own.
      }
    }
    const entry = this.memory.get(key)
    return entry && entry.expiresAt > Date.now() ? entry.value : []
  }

  private async write(serviceOrderId: string, entries: PendingRefund[]): Promise<void> {
    const key = this.key(serviceOrderId)
    this.memory.set(key, { value: entries, expiresAt: Date.now() + RefundJournal.TTL_SECONDS * 1000 })
    const cache = this.currentCache()
    if (!cache) return
    if (entries.length) await cache.set(key, entries, RefundJournal.TTL_SECONDS).catch(() => undefined)
    else await (cache.invalidate?.(key) ?? cache.set(key, [], 1)).catch(() => undefined)
    const legacyKey = this.legacyKey(serviceOrderId)
    if (legacyKey) await (cache.invalidate?.(legacyKey) ?? cache.set(legacyKey, [], 1)).catch(() => undefined)
  }
}
