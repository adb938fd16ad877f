import { describeSharing, sharingWarning } from "../../../../src/runtime/infrastructure/sharing-check"

// Medusa's resolved config (defineConfig fills the default in-memory Cache and Locking modules).
const defaults = {
  cache: { resolve: "@medusajs/medusa/cache-inmemory" },
  locking: { resolve: "@medusajs/medusa/locking", options: { providers: [{ resolve: "@medusajs/medusa/locking-inmemory" }] } },
}
const redisLocking = {
  resolve: "@medusajs/medusa/locking",
  options: { providers: [{ resolve: "@medusajs/medusa/locking-redis" }] },
}
const redisCaching = {
  resolve: "@medusajs/medusa/caching",
  options: { providers: [{ resolve: "@medusajs/medusa/caching-redis" }] },
}

describe("whether the instances of a store can share the plugin's state", () => {
  beforeEach(() => delete process.env.MEDUSA_WORKER_MODE)

  it("says nothing for one process with Medusa's defaults", () => {
    const report = describeSharing({ projectConfig: {}, modules: defaults })
    expect(report).toEqual({ cache: "cache-module", cacheShared: false, lockShared: false, severalInstancesLikely: false })
    expect(sharingWarning(report)).toBeUndefined()
  })

  it("is satisfied by the Caching Module on Redis with Redis locking, and prefers it to the Cache Module", () => {
    const report = describeSharing({
      projectConfig: { workerMode: "server", redisUrl: "redis://r" },
      modules: { ...defaults, caching: redisCaching, locking: redisLocking },
    })
    expect(report).toEqual({ cache: "caching-module", cacheShared: true, lockShared: true, severalInstancesLikely: true })
    expect(sharingWarning(report)).toBeUndefined()
  })

  it("is satisfied by the older Cache Module on Redis", () => {
    const report = describeSharing({
      projectConfig: { workerMode: "worker" },
      modules: { ...defaults, cache: { resolve: "@medusajs/medusa/cache-redis" }, locking: redisLocking },
    })
    expect(report.cacheShared).toBe(true)
    expect(sharingWarning(report)).toBeUndefined()
  })

  it("warns a server whose cache is per process, naming what to configure", () => {
    const warning = sharingWarning(
      describeSharing({ projectConfig: { workerMode: "server" }, modules: { ...defaults, locking: redisLocking } }),
    )
    expect(warning).toContain("no shared cache")
    expect(warning).toContain("caching-redis")
    expect(warning).not.toContain("no shared lock")
    expect(warning).toContain('docs/operations.md, "Running several instances"')
  })

  it("warns when Redis modules run but the caching module has only its in-memory provider and locking is in memory", () => {
    const warning = sharingWarning(
      describeSharing({
        projectConfig: {},
        modules: {
          ...defaults,
          caching: { resolve: "@medusajs/medusa/caching", options: { providers: [{ resolve: "@medusajs/medusa/caching-inmemory" }] } },
          event_bus: { resolve: "@medusajs/medusa/event-bus-redis" },
        },
      }),
    )
    expect(warning).toContain("no shared cache")
    expect(warning).toContain("no shared lock")
  })

  it("takes the worker mode Medusa's cluster start sets in the environment", () => {
    process.env.MEDUSA_WORKER_MODE = "worker"
    expect(describeSharing({ projectConfig: {}, modules: defaults }).severalInstancesLikely).toBe(true)
  })

  it("says nothing to the one-off commands (medusa user, exec, db:migrate), which run as a server beside one dev server", () => {
    process.env.MEDUSA_WORKER_MODE = "server"
    const report = describeSharing({ projectConfig: { workerMode: "server" }, modules: defaults })
    expect(report.severalInstancesLikely).toBe(false)
    expect(sharingWarning(report)).toBeUndefined()
  })
})
