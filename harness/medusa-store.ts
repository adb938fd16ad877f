import { randomBytes } from "node:crypto"
import { existsSync, mkdirSync, readFileSync, symlinkSync } from "node:fs"
import path from "node:path"
import { DEMO_ADMIN_EMAIL, newAdminPassword } from "./admin-user"
import { runNode, startNode, tail, type RunningChild } from "./child-process"
import type { SeededStore } from "./seed"

const PACKAGE_ROOT = path.resolve(__dirname, "..")
/** The demo's Medusa app directory (medusa-config.js, scripts/): the default store of the harness. */
export const STORE_DIR = path.join(PACKAGE_ROOT, "demo/store")

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
  /** The plugin's `storefrontOrderPath`; default the plugin's (/order/{order_id}/confirmed). */
  storefrontOrderPath?: string
  /** The plugin's `storefrontCheckoutPath`; default the plugin's (/checkout?step=payment). */
  storefrontCheckoutPath?: string
  /** Medusa's store and auth CORS (comma-separated origins); default the storefront's origin. */
  storeCors?: string
  /** Where migrate, seed and server logs are written. */
  logDir: string
  /** The Medusa app directory (its medusa-config.js); default STORE_DIR, the demo's. */
  storeDir?: string
  /**
   * The `medusa` CLI (its cli.js) to run; default the one of this repository's Medusa. A store
   * with Medusa installed in its own node_modules (test/compat) runs its own.
   */
  medusaCli?: string
  /** The seed script, relative to the store directory; default demo/store/scripts/seed-demo.ts. */
  seedScript?: string
  /** The Node binary that runs the Medusa processes; default the one running this process. */
  node?: string
  /** More environment for the Medusa processes (e.g. REDIS_URL for a store that uses it). */
  env?: NodeJS.ProcessEnv
  /**
   * Secrets of this run: Medusa's `jwtSecret` and `cookieSecret`. Default: new random ones
   * each time `storeSecrets()` is called; give the same object to every process of one store.
   */
  secrets?: StoreSecrets
  /**
   * Pass the service account in the caller's environment (BNPL_MERCHANT_ID, BNPL_SECRET_KEY,
   * BNPL_BASE_URL, BNPL_AUTH_URL) to the store instead of the sandbox's. Default false: the
   * demo never sends real credentials anywhere unless asked to (`--real-credentials`).
   */
  realCredentials?: boolean
}

/** Medusa's signing secrets for one run of a store. */
export interface StoreSecrets {
  jwtSecret: string
  cookieSecret: string
}

/**
 * New signing secrets (32 random bytes each). Tokens and session cookies signed by an earlier
 * run, or by anyone who read a published constant, are refused.
 */
export function newStoreSecrets(): StoreSecrets {
  return { jwtSecret: randomBytes(32).toString("hex"), cookieSecret: randomBytes(32).toString("hex") }
}

// Variables that carry a service account: never inherited by the demo's store unless asked.
const CREDENTIAL_VARIABLES = ["BNPL_MERCHANT_ID", "BNPL_SECRET_KEY", "BNPL_BASE_URL", "BNPL_AUTH_URL"]
// Medusa's own secrets from the caller's environment are not used either: the run makes its own.
const SECRET_VARIABLES = ["JWT_SECRET", "COOKIE_SECRET"]

/**
 * Installs the built plugin into demo/store/node_modules as `npm install <path>` would (a link
 * to the package root), so the store resolves it through package.json `exports` to the build.
 *
 * Medusa's admin bundler finds the files Tailwind scans for a plugin's classes by resolving the
 * plugin's "./admin" export from where the bundler itself is installed, and drops the plugin
 * silently when that fails. In an app the bundler sits in the app's node_modules beside the
 * plugin; the demo's Medusa is the repository's, above demo/store, from where the link cannot be
 * seen: the dashboard then lacked every class of the plugin's screens that Medusa's own do not
 * use (the box's figures ran together, the settings' labels sat over their values). So the
 * store's processes get the store's node_modules in NODE_PATH, Node's last place to look
 * (storeEnv), and the bundler resolves the plugin as it does in an installed app.
 */
export function linkPlugin(storeDir = STORE_DIR): void {
  const built = path.join(PACKAGE_ROOT, ".medusa/server/src/providers/bnpl/index.js")
  if (!existsSync(built)) throw new Error(`The plugin is not built (${built} is missing): run \`npm run build\` first.`)
  const modules = path.join(storeDir, "node_modules")
  mkdirSync(modules, { recursive: true })
  const link = path.join(modules, "medusa-payment-bnpl")
  if (!existsSync(link)) symlinkIfMissing(PACKAGE_ROOT, link)
}

/**
 * Makes the link unless it is there: two test files that start their stores at the same time
 * (test:e2e runs two at a time) can both see it missing, and the second symlink then meets EEXIST.
 */
function symlinkIfMissing(target: string, link: string): void {
  try {
    symlinkSync(target, link, "dir")
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error
  }
}

// The `medusa` command a merchant runs with npx, started with this Node, with harness/register.js
// preloaded: it compiles the store's TypeScript scripts and stands in for the ts-node that
// Medusa's CLI asks for (without it every log starts with a "Cannot find module 'ts-node'"
// stack trace, and `db:migrate` prints it again for each step it forks).
function medusaCommand(settings?: StoreSettings): string[] {
  const cli = settings?.medusaCli ?? path.join(path.dirname(require.resolve("@medusajs/cli/package.json")), "cli.js")
  return ["--require", path.join(__dirname, "register.js"), cli]
}

function storeEnv(settings: StoreSettings): NodeJS.ProcessEnv {
  const inherited = { ...process.env }
  for (const name of SECRET_VARIABLES) delete inherited[name]
  if (!settings.realCredentials) for (const name of CREDENTIAL_VARIABLES) delete inherited[name]
  const service = settings.realCredentials
    ? { BNPL_DEMO_CREDENTIALS: "real" }
    : { BNPL_BASE_URL: settings.bnplBaseUrl, BNPL_AUTH_URL: `${settings.bnplBaseUrl}/oauth`, BNPL_DEMO_CREDENTIALS: "sandbox" }
  const secrets = settings.secrets ?? newStoreSecrets()
  return {
    ...inherited,
    // A demo runs as development whatever the caller runs as (jest sets "test"): readable logs.
    NODE_ENV: "development",
    DATABASE_URL: settings.databaseUrl,
    PORT: String(settings.port),
    MEDUSA_BACKEND_URL: settings.storeUrl,
    STOREFRONT_URL: settings.storefrontUrl,
    STORE_CORS: settings.storeCors ?? new URL(settings.storefrontUrl).origin,
    BNPL_STOREFRONT_ORDER_PATH: settings.storefrontOrderPath ?? "",
    BNPL_STOREFRONT_CHECKOUT_PATH: settings.storefrontCheckoutPath ?? "",
    ...service,
    JWT_SECRET: secrets.jwtSecret,
    COOKIE_SECRET: secrets.cookieSecret,
    // No network beyond the registries here, and a demo has nothing to report.
    MEDUSA_DISABLE_TELEMETRY: "true",
    // The admin bundler resolves the plugin from its own place (linkPlugin).
    NODE_PATH: [path.join(settings.storeDir ?? STORE_DIR, "node_modules"), inherited.NODE_PATH].filter(Boolean).join(path.delimiter),
    ...settings.env,
  }
}

function options(settings: StoreSettings, log: string) {
  mkdirSync(settings.logDir, { recursive: true })
  return {
    cwd: settings.storeDir ?? STORE_DIR,
    env: storeEnv(settings),
    logFile: path.join(settings.logDir, `${log}.log`),
    node: settings.node,
  }
}

/** `npx medusa db:migrate`: Medusa's tables and links, on an empty or an older database. */
export async function migrateStore(settings: StoreSettings): Promise<void> {
  await runNode([...medusaCommand(settings), "db:migrate"], options(settings, "migrate"))
}

/**
 * `npx medusa exec` of the seed script (demo/store/scripts/seed-demo.ts by default): seeds the
 * store unless it is seeded already, and
 * gives the admin login a new random password for this run (returned, never written to a file).
 * The script is TypeScript: harness/register.js compiles it, as ts-node would for a merchant.
 * Another `storeDir` runs the demo's script (demo/store/scripts) by its absolute path.
 */
export async function seedDemoStore(settings: StoreSettings): Promise<DemoSeed> {
  const output = path.join(settings.logDir, "seed.json")
  const password = newAdminPassword()
  const childOptions = options(settings, "seed")
  childOptions.env.DEMO_ADMIN_PASSWORD = password
  await runNode([...medusaCommand(settings), "exec", seedScript(settings), output], childOptions)
  const seeded = JSON.parse(readFileSync(output, "utf8")) as SeededStore
  return { ...seeded, admin: { email: DEMO_ADMIN_EMAIL, password } }
}

/**
 * `npx medusa exec <script> [args...]` in the store's directory (a .js script, or TypeScript
 * through harness/register.js); its output goes to `<logDir>/<log>.log`.
 * @throws when the script fails, with the end of its log.
 */
export async function execInStore(settings: StoreSettings, script: string, args: string[] = [], log = "exec"): Promise<void> {
  await runNode([...medusaCommand(settings), "exec", script, ...args], options(settings, log))
}

function seedScript(settings: StoreSettings): string {
  if (settings.seedScript) return settings.seedScript
  return settings.storeDir ? path.join(STORE_DIR, "scripts/seed-demo.ts") : "./scripts/seed-demo.ts"
}

/** A running Medusa server. */
export interface RunningStore {
  url: string
  /** The server's process id (its CPU time: bench/store-cpu.ts). */
  pid: number | undefined
  stop(): Promise<void>
  /** SIGKILL: the server dies mid-request, as in a crash (tests of what survives one). */
  kill(): Promise<void>
}

/** Medusa's bind address: the demo is for this machine, like the sandbox and the storefront. */
export const STORE_HOST = "127.0.0.1"

/**
 * `npx medusa start --host 127.0.0.1 --port <port>`, resolved once `/health` answers. Only
 * this machine can reach it: a laptop on a café's network does not offer its store there.
 */
export async function startMedusa(settings: StoreSettings, timeoutMs = 120_000): Promise<RunningStore> {
  const childOptions = options(settings, "medusa")
  const server: RunningChild = startNode(
    [...medusaCommand(settings), "start", "--host", STORE_HOST, "--port", String(settings.port)],
    childOptions,
  )
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
  return { url: settings.storeUrl, pid: server.child.pid, stop: () => server.stop(), kill: () => server.kill() }
}

async function healthy(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/health`, { signal: AbortSignal.timeout(2_000) })).ok
  } catch {
    return false
  }
}
