import { RefundJournal, type JournalStore } from "../../../src/payments/refund-journal"

/** A shared cache as Medusa's behaves: values by key, with invalidate. */
function sharedCache(): JournalStore & { keys(): string[] } {
  const values = new Map<string, unknown>()
  return {
    get: async <T>(key: string) => values.get(key) as T | undefined,
    set: async (key: string, data: unknown) => void values.set(key, data),
    invalidate: async (key: string) => void values.delete(key),
    keys: () => [...values.keys()],
  }
}

const refund = { requestId: "refund-1", amount: "5.00", startedAt: 0 }

describe("RefundJournal per account", () => {
  it("two accounts' service orders of the same id keep separate journals", async () => {
    const cache = sharedCache()
    const uk = new RefundJournal(() => cache, "account-uk")
    const eu = new RefundJournal(() => cache, "account-eu")
    await uk.markUnknown("order-1", refund)
    expect(await uk.unresolved("order-1")).toEqual([{ ...refund, outcome: "unknown" }])
    expect(await eu.unresolved("order-1")).toEqual([])
  })

  it("an unanswered refund recorded before per-account keys is still found, and moves to the account's key once written", async () => {
    const cache = sharedCache()
    await new RefundJournal(() => cache).markUnknown("order-1", refund)
    const scoped = new RefundJournal(() => cache, "account-uk")
    expect(await scoped.unresolved("order-1")).toEqual([{ ...refund, outcome: "unknown" }])
    await scoped.finish("order-1", refund)
    expect(await scoped.unresolved("order-1")).toEqual([])
    expect(cache.keys()).toEqual([])
  })
})
