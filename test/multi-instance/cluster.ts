import path from "node:path"
import { prepareDatabase, queryDatabase, type DemoDatabase } from "../../harness/database"
import {
  linkPlugin,
  migrateStore,
  newStoreSecrets,
  seedDemoStore,
  startMedusa,
  type DemoSeed,
  type RunningStore,
  type StoreSettings,
} from "../../harness/medusa-store"
import { freePort } from "../../harness/ports"
import { startSandbox, type Sandbox } from "../../src/sandbox"
import { SandboxControl } from "../support/sandbox-control"
import { ukAddress } from "../../harness/shopper"
import { flushRedisDatabase } from "../../harness/redis"

/**
 * A store run as real stores run (docs/operations.md, "Running several instances"): two
 * `medusa start` servers and one worker of test/multi-instance/store on one PostgreSQL database
 * and one Redis database. cluster.test.ts and cluster-crash.test.ts each run one, on a Redis
 * database and a PostgreSQL database of their own, so they can run at the same time.
 */

const STORE_DIR = path.join(__dirname, "store")
const DATABASE_URL = process.env.BNPL_MULTI_INSTANCE_DATABASE_URL || "postgres://postgres@localhost:5432/medusa_bnpl_multi_instance"
/** Every job every 5 s where a test shortens the schedule (BullMQ, behind workflow-engine-redis, takes cron with seconds). */
export const TICK_MS = 5_000
export const SCHEDULE = "*/5 * * * * *"

type Role = "server" | "worker"
export interface Instance {
  name: string
  role: Role
  url: string
  logFile: string
  store: RunningStore
}

/** Environment of a cluster start: for every process, and for the worker alone. */
export interface ClusterEnv {
  all?: NodeJS.ProcessEnv
  worker?: NodeJS.ProcessEnv
}

/**
 * The cluster of one test file: in beforeAll, a fresh database migrated and seeded, an empty
 * Redis database (`redisUrl`, flushed), a reset sandbox, then two servers and a worker started
 * with `firstStart`; afterAll stops them and drops the database.
 */
export function useCluster(options: { redisUrl: string; logDir: string; firstStart?: ClusterEnv }) {
  const { redisUrl, logDir } = options
  const secrets = newStoreSecrets()
  let sandbox: Sandbox | undefined
  let database: DemoDatabase | undefined
  // Each start of a process gets its own log directory, so counting lines never sees an earlier run.
  let generation = 0

  const cluster = {
    control: undefined as unknown as SandboxControl,
    seed: undefined as unknown as DemoSeed,
    instances: [] as Instance[],

    settings(name: string, port: number, env: NodeJS.ProcessEnv = {}): StoreSettings {
      return {
        port,
        databaseUrl: database!.url,
        bnplBaseUrl: sandbox!.url,
        storeUrl: `http://127.0.0.1:${port}`,
        storefrontUrl: "http://storefront.test",
        logDir: path.join(logDir, `${generation}-${name}`),
        storeDir: STORE_DIR,
        secrets,
        env: { REDIS_URL: redisUrl, ...env },
      }
    },

    /** Starts one process of the store in a new generation of logs. */
    async startInstance(name: string, role: Role, env: NodeJS.ProcessEnv = {}): Promise<Instance> {
      const settings = cluster.settings(name, await freePort(), { MEDUSA_WORKER_MODE: role, ...env })
      const store = await startMedusa(settings)
      return { name, role, url: settings.storeUrl, logFile: path.join(settings.logDir, "medusa.log"), store }
    },

    nextGeneration(): void {
      generation += 1
    },

    /** Two servers and a worker, started at once as a deployment starts them. */
    async start(env: ClusterEnv = {}): Promise<void> {
      generation += 1
      const started = await Promise.allSettled([
        cluster.startInstance("server-a", "server", env.all),
        cluster.startInstance("server-b", "server", env.all),
        cluster.startInstance("worker", "worker", { ...env.all, ...env.worker }),
      ])
      // Whatever started is kept, so afterAll stops it even when another process failed.
      cluster.instances = started.flatMap((outcome) => (outcome.status === "fulfilled" ? [outcome.value] : []))
      const failed = started.find((outcome) => outcome.status === "rejected")
      if (failed) throw (failed as PromiseRejectedResult).reason
    },

    async stop(): Promise<void> {
      await Promise.all(cluster.instances.map((instance) => instance.store.stop()))
      cluster.instances = []
    },

    servers: () => cluster.instances.filter((instance) => instance.role === "server"),

    sql: <T extends Record<string, any>>(text: string, values: unknown[] = []): Promise<T[]> => queryDatabase<T>(database!.url, text, values),
  }

  beforeAll(async () => {
    linkPlugin(STORE_DIR)
    await flushRedisDatabase(redisUrl)
    sandbox = await startSandbox({ port: 0 })
    cluster.control = new SandboxControl(sandbox.url)
    database = await prepareDatabase({ url: DATABASE_URL, fresh: true })
    const setup = cluster.settings("setup", 0)
    await migrateStore(setup)
    cluster.seed = await seedDemoStore(setup)

    // A cold start: nothing the migration or the seed left in Redis, nothing in the ledger.
    await flushRedisDatabase(redisUrl)
    await cluster.control.reset()
    await cluster.start(options.firstStart)
  })

  afterAll(async () => {
    await cluster.stop()
    await database?.close()
    await sandbox?.close()
    await flushRedisDatabase(redisUrl).catch(() => {})
  })

  return cluster
}

export type Cluster = ReturnType<typeof useCluster>

/** The store API of a cluster's servers, as a shopper's browser calls it. */
export function storeApi(cluster: Cluster) {
  const storeHeaders = () => ({ "content-type": "application/json", "x-publishable-api-key": cluster.seed.publishableKey })

  async function storeCall(baseUrl: string, method: string, route: string, body?: unknown): Promise<any> {
    const response = await fetch(`${baseUrl}${route}`, {
      method,
      headers: storeHeaders(),
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const json = await response.json()
    if (!response.ok) throw new Error(`${method} ${route} on ${baseUrl} answered ${response.status}: ${JSON.stringify(json)}`)
    return json
  }

  return {
    storeHeaders,
    storeCall,

    /** A cart with an item, addresses and delivery, ready for payment. */
    async readyCart(baseUrl: string, email: string): Promise<string> {
      const { seed } = cluster
      const { cart } = await storeCall(baseUrl, "POST", "/store/carts", {
        region_id: seed.regions.uk,
        email,
        items: [{ variant_id: seed.variants.tote, quantity: 1 }],
        shipping_address: ukAddress,
        billing_address: ukAddress,
      })
      await storeCall(baseUrl, "POST", `/store/carts/${cart.id}/shipping-methods`, { option_id: seed.shippingOptions.standard })
      return cart.id
    },

    /** A Pay later session for the cart on one server: the service's checkout token and where to send the consumer. */
    async payLaterSession(baseUrl: string, cartId: string): Promise<{ token: string; redirectCheckoutUrl: string }> {
      const { payment_collection: collection } = await storeCall(baseUrl, "POST", "/store/payment-collections", { cart_id: cartId })
      const { payment_collection: withSession } = await storeCall(
        baseUrl,
        "POST",
        `/store/payment-collections/${collection.id}/payment-sessions`,
        { provider_id: "pp_bnpl_bnpl" }
      )
      const session = withSession.payment_sessions.find((candidate: any) => candidate.provider_id === "pp_bnpl_bnpl")
      return session.data
    },

    /** GET /bnpl/return on a server, as the consumer's browser would: the redirect's target. */
    async hitReturn(baseUrl: string, returnPath: string): Promise<string> {
      const response = await fetch(`${baseUrl}${returnPath}`, { redirect: "manual" })
      expect(response.status).toBe(303)
      return response.headers.get("location") ?? ""
    },
  }
}

export const orderIdIn = (location: string) => /\/order\/([^/?#]+)/.exec(location)?.[1]
