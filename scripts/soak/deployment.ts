import path from "node:path"
import { prepareDatabase, type DemoDatabase } from "../../harness/database"
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

/**
 * The deployment the soak drives: two `medusa start` servers and a worker on one PostgreSQL
 * database and one Redis database, as docs/operations.md "Running several instances" says
 * (the store of test/multi-instance, whose cluster test this mirrors). Each process can be
 * SIGKILLed and started again on its port; every start writes a log of its own.
 */

export type ProcessName = "server-a" | "server-b" | "worker"
export const PROCESS_NAMES: ProcessName[] = ["server-a", "server-b", "worker"]

const STORE_DIR = path.resolve(__dirname, "../../test/multi-instance/store")

export interface DeploymentOptions {
  databaseUrl: string
  redisUrl: string
  sandboxUrl: string
  ports: Record<ProcessName, number>
  logDir: string
  /** Every job's schedule on the worker (cron with seconds). */
  jobSchedule: string
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
  private database?: DemoDatabase
  private readonly processes = new Map<ProcessName, Process>()
  private starts = 0

  constructor(private readonly options: DeploymentOptions) {
    for (const name of PROCESS_NAMES) this.processes.set(name, { name, url: `http://127.0.0.1:${options.ports[name]}` })
  }

  get databaseUrl(): string {
    return this.database!.url
  }

  /** A fresh database (bnpl_soak_<random>), migrated and seeded; Redis flushed; all three processes up. */
  async start(): Promise<void> {
    linkPlugin(STORE_DIR)
    await flushRedisDatabase(this.options.redisUrl)
    this.database = await prepareDatabase({ url: this.options.databaseUrl, fresh: true })
    const setup = this.settings("setup", 0)
    this.options.log(`soak: migrating ${this.database.url.replace(/\/\/[^@]*@/, "//")}`)
    await migrateStore(setup)
    this.seed = await seedDemoStore(setup)
    await flushRedisDatabase(this.options.redisUrl)
    await Promise.all(PROCESS_NAMES.map((name) => this.startProcess(name)))
  }

  private settings(name: string, port: number, env: NodeJS.ProcessEnv = {}): StoreSettings {
    return {
      port,
      databaseUrl: this.database!.url,
      bnplBaseUrl: this.options.sandboxUrl,
      storeUrl: `http://127.0.0.1:${port}`,
      storefrontUrl: "http://storefront.test",
      logDir: path.join(this.options.logDir, name),
      storeDir: STORE_DIR,
      secrets: this.secrets,
      env: { REDIS_URL: this.options.redisUrl, ...env },
    }
  }

  /** Starts one process (resolves once `/health` answers); a second call while it starts waits for the first. */
  startProcess(name: ProcessName): Promise<void> {
    const process = this.processes.get(name)!
    if (process.store) return Promise.resolve()
    if (process.starting) return process.starting
    this.starts += 1
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

  flushRedis(): Promise<void> {
    return flushRedisDatabase(this.options.redisUrl)
  }

  async stop(keepDatabase: boolean): Promise<void> {
    await Promise.all(
      [...this.processes.values()].map(async (process) => {
        if (process.starting) await process.starting.catch(() => {})
        await process.store?.stop()
        process.store = undefined
      })
    )
    if (!keepDatabase) await this.database?.close()
    await flushRedisDatabase(this.options.redisUrl).catch(() => {})
  }
}
