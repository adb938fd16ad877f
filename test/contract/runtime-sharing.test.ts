import { InMemoryLockingProvider } from "@medusajs/locking/dist/providers/in-memory"
import { createBnplClient } from "../../src/client"
import type { CacheLike } from "../../src/runtime/infrastructure/shared-types"
import type { LockLike } from "../../src/runtime/infrastructure/app-lock"
import { startSandbox, type Sandbox } from "../../src/sandbox"
import { SandboxControl } from "../support/sandbox-control"

/**
 * What src/runtime promises the provider, routes and jobs (docs/operations.md, "Running
 * several instances"), against the sandbox over HTTP: one Get Configuration and one token
 * request per need. Two instances are two copies of the runtime modules (jest.isolateModules
 * gives each its own module state, as two processes have), sharing one cache and Medusa's
 * in-memory locking provider, as processes share Redis. The sandbox answers 800 ms late, so
 * the instances are sure to wait at the same time.
 */

const account = { merchantId: "sandbox-uk-merchant", secretKey: "sandbox-uk-secret-key" }

// Each test loads the runtime modules twice (jest.isolateModules) and waits on 800 ms answers:
// 3-5 s on a quiet machine, more on a loaded one, past jest's default 5 s.
jest.setTimeout(30_000)

let sandbox: Sandbox
let control: SandboxControl

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, strictRequests: true })
  control = new SandboxControl(sandbox.url)
})
afterAll(async () => {
  await sandbox?.close()
})
beforeEach(async () => {
  await control.reset()
  for (const endpoint of ["configuration", "token"]) await control.fault({ endpoint, kind: "latency", delayMs: 800, times: 20 })
})

/** A cache shared by the instances, with TTLs, as the Caching Module on Redis is. */
function sharedCache(): CacheLike {
  const entries = new Map<string, { value: unknown; until: number }>()
  return {
    async get<T>(key: string) {
      const entry = entries.get(key)
      return entry && entry.until > Date.now() ? (structuredClone(entry.value) as T) : undefined
    },
    async set(key: string, value: unknown, ttl = 3600) {
      entries.set(key, { value: structuredClone(value), until: Date.now() + ttl * 1000 })
    },
  }
}

/** Medusa's own in-memory locking provider: a real lock, shared here as locking-redis is between processes. */
const sharedLock = (): LockLike => new InMemoryLockingProvider() as unknown as LockLike

/** One instance: its own copy of the runtime modules and its own client. */
function instance() {
  let modules!: {
    configuration: typeof import("../../src/runtime/accounts/configuration")
    factory: typeof import("../../src/runtime/accounts/client-factory")
  }
  jest.isolateModules(() => {
    modules = {
      configuration: require("../../src/runtime/accounts/configuration"),
      factory: require("../../src/runtime/accounts/client-factory"),
    }
  })
  return modules
}

const options = () => ({ ...account, baseUrl: sandbox.url, authUrl: `${sandbox.url}/oauth`, region: "UK" as const })

it("concurrent callers in one instance share one Get Configuration", async () => {
  const { configuration } = instance()
  const client = createBnplClient({ ...account, baseUrl: sandbox.url })
  const results = await Promise.all(Array.from({ length: 20 }, () => configuration.getConfiguration(client, options())))
  expect(new Set(results.map((result) => result.fetchedAt)).size).toBe(1)
  expect((await control.ledger()).requests.configuration).toBe(1)
})

it("two instances with a shared cache and lock call Get Configuration once between them", async () => {
  const cache = sharedCache()
  const lock = sharedLock()
  const calls = [instance(), instance()].flatMap(({ configuration }) => {
    const client = createBnplClient({ ...account, baseUrl: sandbox.url })
    return Array.from({ length: 10 }, () => configuration.getConfiguration(client, options(), { cache, lock }))
  })
  const results = await Promise.all(calls)
  expect(results.every((result) => result.maximumAmount.amount === results[0].maximumAmount.amount)).toBe(true)
  expect((await control.ledger()).requests.configuration).toBe(1)
})

it("two instances with a shared cache and lock request one OAuth token between them", async () => {
  const cache = sharedCache()
  const lock = sharedLock()
  const clients = [instance(), instance()].map(({ factory }) =>
    factory.createClientFromOptions({ ...options(), authScheme: "oauth" } as any, { cache, lock }),
  )
  const tokens = await Promise.all(clients.flatMap((client) => Array.from({ length: 10 }, () => client.getAccessToken())))
  expect(new Set(tokens).size).toBe(1)
  expect((await control.ledger()).tokenRequests).toBe(1)
})

it("without the lock, each instance asks once (single flight inside each)", async () => {
  const cache = sharedCache()
  const calls = [instance(), instance()].flatMap(({ configuration }) => {
    const client = createBnplClient({ ...account, baseUrl: sandbox.url })
    return Array.from({ length: 10 }, () => configuration.getConfiguration(client, options(), { cache }))
  })
  await Promise.all(calls)
  expect((await control.ledger()).requests.configuration).toBe(2)
})
