import { existsSync, mkdirSync, readFileSync, symlinkSync } from "node:fs"
import path from "node:path"
import { runNode, startNode, tail, type RunningChild } from "./child-process"
import type { SeededStore } from "./seed"

const PACKAGE_ROOT = path.resolve(__dirname, "..")
/** The demo's Medusa app directory (medusa-config.js, scripts/). */
export const STORE_DIR = path.join(__dirname, "store")

/** What the seed script hands back: the seeded ids and the admin login. */
export interface DemoSeed extends SeededStore {
  admin: { email: string; password: string }
}

/** How the demo's Medusa store is run; medusa-config.js reads these through the environment. */
export interface StoreSettings {
  port: number
  databaseUrl: string
  /** The service the plugin talks to (the sandbox's `url`). */
  bnplBaseUrl: string
  /** The store's URL as the browser sees it (the plugin's `backendUrl`). */
  storeUrl: string
  storefrontUrl: string
  /** Where migrate, seed and server logs are written. */
  logDir: string
  /** The Medusa app directory (its medusa-config.js); default STORE_DIR, the demo's. */
  storeDir?: string
  /** More environment for the Medusa processes (e.g. REDIS_URL for a store that uses it). */
  env?: NodeJS.ProcessEnv
}

/**
 * Installs the built plugin into demo/store/node_modules as `npm install <path>` would (a link
 * to the package root), so the store resolves it through package.json `exports` to the build.
 */
export function linkPlugin(storeDir = STORE_DIR): void {
  const built = path.join(PACKAGE_ROOT, ".medusa/server/src/providers/bnpl/index.js")
  if (!existsSync(built)) throw new Error(`The plugin is not built (${built} is missing): run \`npm run build\` first.`)
  const modules = path.join(storeDir, "node_modules")
  mkdirSync(modules, { recursive: true })
  const link = path.join(modules, "medusa-payment-bnpl")
  if (!existsSync(link)) symlinkSync(PACKAGE_ROOT, link, "dir")
}

// The `medusa` command a merchant runs with npx, started with this Node.
function medusaCli(): string {
  return path.join(path.dirname(require.resolve("@medusajs/cli/package.json")), "cli.js")
}

function storeEnv(settings: StoreSettings): NodeJS.ProcessEnv {
  return {
    ...process.env,
    // A demo runs as development whatever the caller runs as (jest sets "test"): readable logs.
    NODE_ENV: "development",
    DATABASE_URL: settings.databaseUrl,
    PORT: String(settings.port),
    MEDUSA_BACKEND_URL: settings.storeUrl,
    STOREFRONT_URL: settings.storefrontUrl,
    BNPL_BASE_URL: settings.bnplBaseUrl,
    BNPL_AUTH_URL: `${settings.bnplBaseUrl}/oauth`,
    // No network beyond the registries here, and a demo has nothing to report.
    MEDUSA_DISABLE_TELEMETRY: "true",
    ...settings.env,
  }
}

function options(settings: StoreSettings, log: string) {
  mkdirSync(settings.logDir, { recursive: true })
  return { cwd: settings.storeDir ?? STORE_DIR, env: storeEnv(settings), logFile: path.join(settings.logDir, `${log}.log`) }
}

/** `npx medusa db:migrate`: Medusa's tables and links, on an empty or an older database. */
export async function migrateStore(settings: StoreSettings): Promise<void> {
  await runNode([medusaCli(), "db:migrate"], options(settings, "migrate"))
}

/**
 * `npx medusa exec ./scripts/seed-demo.ts`: seeds the store unless it is seeded already.
 * The script is TypeScript: demo/register.js compiles it, as ts-node would for a merchant.
 * Another `storeDir` runs the demo's script (demo/store/scripts) by its absolute path.
 */
export async function seedDemoStore(settings: StoreSettings): Promise<DemoSeed> {
  const output = path.join(settings.logDir, "seed.json")
  await runNode(
    ["--require", path.join(__dirname, "register.js"), medusaCli(), "exec", seedScript(settings), output],
    options(settings, "seed")
  )
  return JSON.parse(readFileSync(output, "utf8")) as DemoSeed
}

function seedScript(settings: StoreSettings): string {
  return settings.storeDir ? path.join(STORE_DIR, "scripts/seed-demo.ts") : "./scripts/seed-demo.ts"
}

/** A running Medusa server. */
export interface RunningStore {
  url: string
  stop(): Promise<void>
}

/** `npx medusa start --port <port>`, resolved once `/health` answers. */
export async function startMedusa(settings: StoreSettings, timeoutMs = 120_000): Promise<RunningStore> {
  const childOptions = options(settings, "medusa")
  const server: RunningChild = startNode([medusaCli(), "start", "--port", String(settings.port)], childOptions)
  const local = `http://127.0.0.1:${settings.port}`
  let exited: string | undefined
  void server.exited.then((outcome) => (exited = outcome))
  const deadline = Date.now() + timeoutMs
  while (!(await healthy(local))) {
    if (exited || Date.now() > deadline) {
      await server.stop()
      throw new Error(`Medusa did not start (${exited ?? "timed out"}):\n${tail(childOptions.logFile)}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  return { url: settings.storeUrl, stop: () => server.stop() }
}

async function healthy(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/health`, { signal: AbortSignal.timeout(2_000) })).ok
  } catch {
    return false
  }
}
