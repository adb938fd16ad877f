import path from "node:path"
import { queryDatabase } from "../../harness/database"
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
import { flushRedisDatabase } from "../../harness/redis"
import { databaseFromTemplate, templateHash, type TemplateCopy } from "../../harness/template-database"
import { startSandbox, type Sandbox } from "../../src/sandbox"
import { SandboxControl } from "../support/sandbox-control"
import { ukAddress } from "../../harness/shopper"

/**
 * The store of test/multi-instance/store run as real stores run (docs/operations.md, "Running
 * several instances"): `medusa start` servers and a worker on one PostgreSQL database and one
 * Redis database, with Medusa's Caching Module (caching-redis), Redis event bus, workflow
 * engine and locking, and the plugin on OAuth. cluster.test.ts and crash.test.ts each run one,
 * on a copy of the store's migrated and seeded template and a Redis database of their own.
 */

const STORE_DIR = path.join(__dirname, "store")
const LOG_ROOT = path.resolve(__dirname, "../../test-output")
const SERVER_URL = process.env.BNPL_MULTI_INSTANCE_DATABASE_URL || "postgres://postgres@localhost:5432/postgres"

/** Every job every 5 s (BullMQ, behind workflow-engine-redis, takes cron with seconds). */
export const TICK_MS = 5_000
export const SCHEDULE = "*/5 * * * * *"

export type Role = "server" | "worker"
export interface Instance {
  name: string
  role: Role
  url: string
  logFile: string
  store: RunningStore
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
export const orderIdIn = (location: string) => /\/order\/([^/?#]+)/.exec(location)?.[1]

export class ClusterStore {
  sandbox!: Sandbox
  control!: SandboxControl
  seed!: DemoSeed
  instances: Instance[] = []
  private database?: TemplateCopy
  private readonly secrets = newStoreSecrets()
  // Each start of a process gets its own log directory, so counting lines never sees an earlier run.
  private generation = 0

  /** `logName`: the folder under test-output; `redisUrl`: a Redis database of the file's own, flushed at start. */
  constructor(
    private readonly logName: string,
    readonly redisUrl: string,
  ) {}

  /** The sandbox, the database (a copy of the template) and an empty Redis database; no process yet. */
  async prepare(): Promise<void> {
    linkPlugin(STORE_DIR)
    await flushRedisDatabase(this.redisUrl)
    this.sandbox = await startSandbox({ port: 0, strictRequests: true })
    this.control = new SandboxControl(this.sandbox.url)
    this.database = await databaseFromTemplate({
      serverUrl: SERVER_URL,
      store: "cluster",
      hash: templateHash(STORE_DIR),
      build: async (url) => {
        const setup = this.settings("setup", 0, {}, url)
        await migrateStore(setup)
        return seedDemoStore(setup)
      },
    })
    this.seed = this.database.seed
    // A cold start: nothing the migration or the seed left in Redis, nothing in the ledger.
    await flushRedisDatabase(this.redisUrl)
    await this.control.reset()
  }

  async close(): Promise<void> {
    await this.stopAll()
    await this.database?.drop()
    await this.sandbox?.close()
    await flushRedisDatabase(this.redisUrl).catch(() => {})
  }

  private settings(name: string, port: number, env: NodeJS.ProcessEnv = {}, databaseUrl = this.database!.url): StoreSettings {
    return {
      port,
      databaseUrl,
      bnplBaseUrl: this.sandbox.url,
      storeUrl: `http://127.0.0.1:${port}`,
      storefrontUrl: "http://storefront.test",
      logDir: path.join(LOG_ROOT, this.logName, `${this.generation}-${name}`),
      storeDir: STORE_DIR,
      secrets: this.secrets,
      env: { REDIS_URL: this.redisUrl, ...env },
    }
  }

  /** Starts one process (a new log folder) and adds it to `instances`. */
  async start(name: string, role: Role, env: NodeJS.ProcessEnv = {}): Promise<Instance> {
    this.generation += 1
    const settings = this.settings(name, await freePort(), { MEDUSA_WORKER_MODE: role, ...env })
    const store = await startMedusa(settings)
    const instance = { name, role, url: settings.storeUrl, logFile: path.join(settings.logDir, "medusa.log"), store }
    this.instances.push(instance)
    return instance
  }

  /** Several processes started at once, as a deployment starts them; whatever started is kept for `stopAll`. */
  async startAll(processes: Array<{ name: string; role: Role; env?: NodeJS.ProcessEnv }>): Promise<void> {
    const started = await Promise.allSettled(processes.map((process) => this.start(process.name, process.role, process.env)))
    const failed = started.find((outcome) => outcome.status === "rejected")
    if (failed) throw (failed as PromiseRejectedResult).reason
  }

  async stop(instance: Instance): Promise<void> {
    await instance.store.stop()
    this.instances = this.instances.filter((other) => other !== instance)
  }

  /** SIGKILL: the process dies mid-request, holding its locks. */
  async kill(instance: Instance): Promise<void> {
    await instance.store.kill()
    this.instances = this.instances.filter((other) => other !== instance)
  }

  async stopAll(): Promise<void> {
    await Promise.all(this.instances.map((instance) => instance.store.stop()))
    this.instances = []
  }

  servers(): Instance[] {
    return this.instances.filter((instance) => instance.role === "server")
  }

  storeHeaders(): Record<string, string> {
    return { "content-type": "application/json", "x-publishable-api-key": this.seed.publishableKey }
  }

  async storeCall(baseUrl: string, method: string, route: string, body?: unknown): Promise<any> {
    const response = await fetch(`${baseUrl}${route}`, {
      method,
      headers: this.storeHeaders(),
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const json = await response.json()
    if (!response.ok) throw new Error(`${method} ${route} on ${baseUrl} answered ${response.status}: ${JSON.stringify(json)}`)
    return json
  }

  /** A cart with an item, addresses and delivery, ready for payment. */
  async readyCart(baseUrl: string, email: string): Promise<string> {
    const { cart } = await this.storeCall(baseUrl, "POST", "/store/carts", {
      region_id: this.seed.regions.uk,
      email,
      items: [{ variant_id: this.seed.variants.tote, quantity: 1 }],
      shipping_address: ukAddress,
      billing_address: ukAddress,
    })
    await this.storeCall(baseUrl, "POST", `/store/carts/${cart.id}/shipping-methods`, { option_id: this.seed.shippingOptions.standard })
    return cart.id
  }

  /** A Pay later session for the cart on one server: the service's checkout token and where to send the consumer. */
  async payLaterSession(baseUrl: string, cartId: string): Promise<{ token: string; redirectCheckoutUrl: string }> {
    const { payment_collection: collection } = await this.storeCall(baseUrl, "POST", "/store/payment-collections", { cart_id: cartId })
    const { payment_collection: withSession } = await this.storeCall(
      baseUrl,
      "POST",
      `/store/payment-collections/${collection.id}/payment-sessions`,
      { provider_id: "pp_bnpl_bnpl" },
    )
    const session = withSession.payment_sessions.find((candidate: any) => candidate.provider_id === "pp_bnpl_bnpl")
    return session.data
  }

  /** GET /bnpl/return on a server, as the consumer's browser would: the redirect's target (303 expected). */
  async hitReturn(baseUrl: string, returnPath: string): Promise<string> {
    const response = await fetch(`${baseUrl}${returnPath}`, { redirect: "manual" })
    if (response.status !== 303) throw new Error(`GET ${returnPath} on ${baseUrl} answered ${response.status}, not 303`)
    return response.headers.get("location") ?? ""
  }

  sql<T extends Record<string, any>>(text: string, values: unknown[] = []): Promise<T[]> {
    return queryDatabase<T>(this.database!.url, text, values)
  }
}
