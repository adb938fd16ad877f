import path from "node:path"
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
import { flushRedisDatabase } from "../../harness/redis"
import { databaseFromTemplate, templateHash, type TemplateCopy } from "../../harness/template-database"

/** The soak stores' `storefrontUrl`: the origin express shoppers start from. */
export const STOREFRONT_URL = "http://storefront.test"

/**
 * The deployment the soak drives: two `medusa start` servers and a worker on one PostgreSQL
 * database and one Redis database, as docs/operations.md "Running several instances" says
 * (the store of test/multi-instance, whose cluster test this mirrors, with the UK and EU
 * accounts side by side: scripts/soak/store). Each process can be SIGKILLed and started again
 * on its port; every start writes a log of its own.
 */

export type ProcessName = "server-a" | "server-b" | "worker"
export const PROCESS_NAMES: ProcessName[] = ["server-a", "server-b", "worker"]

const STORE_DIR = path.resolve(__dirname, "store")

export interface DeploymentOptions {
  databaseUrl: string
  redisUrl: string
  sandboxUrl: string
  ports: Record<ProcessName, number>
  logDir: string
  /** Every job's schedule on the worker (cron with seconds). */
  jobSchedule: string
  /**
   * The address the processes reach PostgreSQL and Redis by, given the real one: the soak's
   * outage proxies (outages.ts). The soak itself (template, flushes, the checker's reads) always
   * uses the real one. Default: the real one.
   */
  through?: { database?: (url: string) => string; redis?: (url: string) => string }
  log: (line: string) => void
}

interface Process {
  name: ProcessName
  url: string
  store?: RunningStore
  /** A start under way. */
  starting?: Promise<void>
}

export class Deployment {
  readonly secrets = newStoreSecrets()
  readonly logFiles: string[] = []
  seed!: DemoSeed
  private database?: TemplateCopy
  private readonly processes = new Map<ProcessName, Process>()
  private starts = 0
  /** When the worker's last start began, and when Redis was last flushed (ms since the epoch). */
  private workerStartedAt = 0
  private flushedAt = 0

  constructor(private readonly options: DeploymentOptions) {
    for (const name of PROCESS_NAMES) this.processes.set(name, { name, url: `http://127.0.0.1:${options.ports[name]}` })
  }

  get databaseUrl(): string {
    return this.database!.url
  }

  /**
   * A fresh database (bnpl_soak_<random>) copied from the migrated and seeded template
   * (harness/template-database.ts; built first when the plugin's migrations or the seed changed);
   * Redis flushed; all three processes up.
   */
  async start(): Promise<void> {
    linkPlugin(STORE_DIR)
    await flushRedisDatabase(this.options.redisUrl)
    this.database = await databaseFromTemplate({
      serverUrl: this.options.databaseUrl,
      store: "soak",
      hash: templateHash(STORE_DIR),
      build: async (url) => {
        const setup = this.settings("setup", 0, {}, url)
        this.options.log(
          `soak: migrating and seeding the template database ${url.replace(/\/\/[^@]*@/, "//")} (once per plugin build's migrations)`,
        )
        await migrateStore(setup)
        return seedDemoStore(setup)
      },
    })
    this.seed = this.database.seed
    this.options.log(`soak: database ${this.database.url.replace(/\/\/[^@]*@/, "//")}`)
    await flushRedisDatabase(this.options.redisUrl)
    await Promise.all(PROCESS_NAMES.map((name) => this.startProcess(name)))
  }

  private settings(name: string, port: number, env: NodeJS.ProcessEnv = {}, databaseUrl?: string): StoreSettings {
    const through = this.options.through ?? {}
    const redisUrl = databaseUrl ? this.options.redisUrl : (through.redis ?? String)(this.options.redisUrl)
    return {
      port,
      // The template's setup (a `databaseUrl` given) goes straight to PostgreSQL; the processes through `through`.
      databaseUrl: databaseUrl ?? (through.database ?? String)(this.database!.url),
      bnplBaseUrl: this.options.sandboxUrl,
      storeUrl: `http://127.0.0.1:${port}`,
      storefrontUrl: STOREFRONT_URL,
      logDir: path.join(this.options.logDir, name),
      storeDir: STORE_DIR,
      secrets: this.secrets,
      // The repair of captures and refunds a killed process never sent waits 5 minutes in a
      // store; the soak settles in minutes (src/operations/unsent-money-calls.ts).
      env: { REDIS_URL: redisUrl, BNPL_UNSENT_GRACE_SECONDS: "20", ...env },
    }
  }

  /** Starts one process (resolves once `/health` answers); a second call while it starts waits for the first. */
  startProcess(name: ProcessName): Promise<void> {
    const process = this.processes.get(name)!
    if (process.store) return Promise.resolve()
    if (process.starting) return process.starting
    this.starts += 1
    if (name === "worker") this.workerStartedAt = Date.now()
    const role = name === "worker" ? "worker" : "server"
    const env = { MEDUSA_WORKER_MODE: role, ...(role === "worker" ? { BNPL_TEST_SCHEDULE: this.options.jobSchedule } : {}) }
    const settings = this.settings(`${String(this.starts).padStart(3, "0")}-${name}`, this.options.ports[name], env)
    this.logFiles.push(path.join(settings.logDir, "medusa.log"))
    process.starting = startMedusa(settings, 180_000)
      .then((store) => {
        process.store = store
      })
      .finally(() => {
        process.starting = undefined
      })
    return process.starting
  }

  /** SIGKILL: the process dies mid-request, holding whatever locks and connections it had. */
  async kill(name: ProcessName): Promise<boolean> {
    const process = this.processes.get(name)!
    if (!process.store) return false
    const store = process.store
    process.store = undefined
    await store.kill()
    return true
  }

  /** A graceful stop and start (SIGTERM), as a deployment's rollout does. */
  async restart(name: ProcessName): Promise<void> {
    const process = this.processes.get(name)!
    if (process.starting) await process.starting
    const store = process.store
    process.store = undefined
    await store?.stop()
    await this.startProcess(name)
  }

  /** Every process up and none starting. */
  allUp(): boolean {
    return [...this.processes.values()].every((process) => process.store && !process.starting)
  }

  isUp(name: ProcessName): boolean {
    return Boolean(this.processes.get(name)!.store)
  }

  /** The servers that are up now (a load balancer's healthy targets). */
  liveServers(): string[] {
    return (["server-a", "server-b"] as const).filter((name) => this.isUp(name)).map((name) => this.processes.get(name)!.url)
  }

  async flushRedis(): Promise<void> {
    this.flushedAt = Date.now()
    await flushRedisDatabase(this.options.redisUrl)
  }

  /**
   * Whether a Redis flush came after the worker's last start began: BullMQ keeps the jobs'
   * schedules in Redis and a worker makes them only when it starts, so the jobs are not running.
   */
  workerLostItsSchedules(): boolean {
    return this.flushedAt >= this.workerStartedAt
  }

  async stop(keepDatabase: boolean): Promise<void> {
    await Promise.all(
      [...this.processes.values()].map(async (process) => {
        if (process.starting) await process.starting.catch(() => {})
        await process.store?.stop()
        process.store = undefined
      }),
    )
    if (!keepDatabase) await this.database?.drop()
    await flushRedisDatabase(this.options.redisUrl).catch(() => {})
  }
}
