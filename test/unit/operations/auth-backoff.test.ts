import {
  jobBackoffMinutes,
  makeJobAttemptDue,
  readJobAttempts,
  readReturnBackoff,
  recordReturnUnconfirmed,
  returnBackoffSeconds,
  writeJobAttempts,
} from "../../../src/operations/auth-backoff"

/** The shared cache's shape (Medusa's Caching Module seen through runtime/infrastructure/app-cache.ts), kept in a Map. */
function mapCache() {
  const entries = new Map<string, unknown>()
  return {
    entries,
    async get<T>(key: string) {
      return (entries.get(key) as T | undefined) ?? undefined
    },
    async set(key: string, data: unknown) {
      entries.set(key, structuredClone(data))
    },
    async invalidate(key: string) {
      entries.delete(key)
    },
  }
}

describe("the back-offs of Auth", () => {
  it("the job tries a waiting session at most 6 times over a checkout's 60 minutes", () => {
    let at = 0
    const tries = [at]
    for (let unconfirmed = 1; ; unconfirmed++) {
      at += jobBackoffMinutes(unconfirmed)
      if (at >= 60) break
      tries.push(at)
    }
    expect(tries).toEqual([0, 1, 3, 7, 15, 31])
  })

  it("the return route waits 15 s after a first unconfirmed answer, doubling to 5 minutes", () => {
    expect([1, 2, 3, 4, 5, 6, 10].map(returnBackoffSeconds)).toEqual([15, 30, 60, 120, 240, 300, 300])
  })

  it("an unconfirmed return starts the route's back-off for that session only", async () => {
    const cache = mapCache()
    await recordReturnUnconfirmed(cache, "payses_1", 1_000)
    expect(await readReturnBackoff(cache, "payses_1")).toEqual({ count: 1, nextAt: 16_000 })
    await recordReturnUnconfirmed(cache, "payses_1", 20_000)
    expect(await readReturnBackoff(cache, "payses_1")).toEqual({ count: 2, nextAt: 50_000 })
    expect(await readReturnBackoff(cache, "payses_2")).toEqual({ count: 0, nextAt: 0 })
  })

  it("a return caught in its back-off makes the session due for the job, keeping the count; a given-up session stays given up", async () => {
    const cache = mapCache()
    await writeJobAttempts(cache, "payses_1", { count: 3, nextAt: 999_999 }, 600)
    await makeJobAttemptDue(cache, "payses_1")
    expect(await readJobAttempts(cache, "payses_1")).toEqual({ count: 3, nextAt: 0 })

    await writeJobAttempts(cache, "payses_2", { count: 1, nextAt: 999_999, done: "declined" }, 600)
    await makeJobAttemptDue(cache, "payses_2")
    expect(await readJobAttempts(cache, "payses_2")).toEqual({ count: 1, nextAt: 999_999, done: "declined" })
  })

  it("a cache that fails costs a call, never an error", async () => {
    const broken = { get: async () => Promise.reject(new Error("down")), set: async () => Promise.reject(new Error("down")) }
    await expect(recordReturnUnconfirmed(broken, "payses_1", 0)).resolves.toBeUndefined()
    expect(await readReturnBackoff(broken, "payses_1")).toEqual({ count: 0, nextAt: 0 })
    expect(await readReturnBackoff(undefined, "payses_1")).toEqual({ count: 0, nextAt: 0 })
  })
})
