import { existsSync, readdirSync, statSync } from "node:fs"
import path from "node:path"
import { linkPlugin, migrateStore, seedDemoStore, startMedusa, type DemoSeed } from "../harness/medusa-store"
import { freePort } from "../harness/ports"
import { BENCH_DATABASE_URL, dropDatabase, recreateDatabase } from "./database"

/** The bench store's `storefrontUrl`: the origin express starts from. */
export const BENCH_STOREFRONT_ORIGIN = "http://storefront.bench.test"

/**
 * A real Medusa 2.21 store outside jest, booted with the demo's functions (harness/medusa-store.ts):
 * the plugin linked from its build, `medusa db:migrate`, the demo seed through `medusa exec`,
 * then `medusa start` on a free port, on a fresh PostgreSQL database. The plugin talks to
 * the sandbox at `sandboxUrl` with Basic auth and manual capture.
 */
export interface BenchStore {
  url: string
  /** The `medusa start` process: the store's own CPU time (store-cpu.ts). */
  pid: number | undefined
  seed: DemoSeed
  /** Milliseconds of each start-up step. */
  timings: Record<string, number>
  stop(): Promise<void>
}

const ROOT = path.resolve(__dirname, "..")

/** The newest modification time of a file under `dir` (0 when it does not exist). */
function newestMtime(dir: string): number {
  if (!existsSync(dir)) return 0
  let newest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs)
  }
  return newest
}

/**
 * A warning when src/ changed after the last `npm run build`: the store runs the build, so
 * its figures would not be src's. The bench does not build itself: `tsup` cleans
 * .medusa/server first, which would break a store another run is using.
 */
export function staleBuildWarning(): string | undefined {
  const built = path.join(ROOT, ".medusa/server/src/providers/bnpl/index.js")
  if (!existsSync(built)) return undefined
  return newestMtime(path.join(ROOT, "src")) > statSync(built).mtimeMs
    ? "src/ changed after the last build: the store runs the build, so run `npm run build` first for current figures."
    : undefined
}

export async function startBenchStore(
  sandboxUrl: string,
  progress: (line: string) => void,
  databaseUrl: string = BENCH_DATABASE_URL,
): Promise<BenchStore> {
  const timings: Record<string, number> = {}
  const step = async <T>(name: string, run: () => Promise<T>): Promise<T> => {
    progress(`${name}…`)
    const start = performance.now()
    const value = await run()
    timings[name] = performance.now() - start
    return value
  }
  linkPlugin()
  // The demo store's medusa-config reads these from the environment.
  process.env.BNPL_AUTH_SCHEME = "basic"
  process.env.BNPL_CAPTURE = "manual"
  process.env.BNPL_REGION = "UK"
  // The background completion (every minute in a store) would now and then complete a timed
  // cart before the bench's own call; weekly keeps it out of the figures.
  process.env.BNPL_COMPLETION_SCHEDULE = process.env.BNPL_COMPLETION_SCHEDULE ?? "30 4 * * 0"
  // Medusa logs each request at "http" level: keep the server's own work to what a shop does.
  process.env.LOG_LEVEL = process.env.LOG_LEVEL ?? "info"
  const port = await freePort()
  const settings = {
    port,
    databaseUrl,
    bnplBaseUrl: sandboxUrl,
    storeUrl: `http://127.0.0.1:${port}`,
    storefrontUrl: BENCH_STOREFRONT_ORIGIN,
    logDir: path.join(ROOT, "test-output/bench"),
  }
  await step("recreating the database", () => recreateDatabase(databaseUrl))
  await step("migrating", () => migrateStore(settings))
  const seed = await step("seeding", () => seedDemoStore(settings))
  const store = await step("starting Medusa", () => startMedusa(settings))
  return {
    url: settings.storeUrl,
    pid: store.pid,
    seed,
    timings,
    async stop() {
      await store.stop()
      if (!process.env.BENCH_KEEP_DATABASE) await dropDatabase(databaseUrl).catch(() => {})
    },
  }
}
