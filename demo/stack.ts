import path from "node:path"
import type { Sandbox } from "../src/sandbox"
import { DEFAULT_DATABASE_URL, prepareDatabase, type DemoDatabase } from "../harness/database"
import { databaseFromTemplate, templateHash } from "../harness/template-database"
import {
  linkPlugin,
  migrateStore,
  newStoreSecrets,
  seedDemoStore,
  startMedusa,
  STORE_HOST,
  type DemoSeed,
  type RunningStore,
  type StoreSettings,
} from "../harness/medusa-store"
import { DEMO_LOG_DIR, PACKAGE_ROOT } from "./paths"
import { assertPortFree, freePort } from "../harness/ports"
import { openSandboxStateKeeper } from "./sandbox-state"
import { startStorefront, type RunningStorefront } from "./storefront/server"

/** Ports and database of a demo stack; every field is optional. */
export interface DemoOptions {
  /** Sandbox port; default 4610. 0 picks a free one. */
  sandboxPort?: number
  /** Medusa port; default 9000. 0 picks a free one. */
  storePort?: number
  /** Port of the demo's own storefront; default 8000. 0 picks a free one. Unused with `storefrontUrl`. */
  storefrontPort?: number
  /**
   * An outside storefront (Medusa's Next.js / dtc-starter storefront, or your own) at this
   * URL: the demo does not start its own, the return route sends the shopper there, and the
   * store CORS allows its origin. Default: the demo's storefront on `storefrontPort`.
   */
  storefrontUrl?: string
  /** The plugin's `storefrontOrderPath` (e.g. "/gb/order/{order_id}/confirmed"); default the plugin's. */
  storefrontOrderPath?: string
  /** The plugin's `storefrontCheckoutPath` (e.g. "/gb/checkout?step=payment"); default the plugin's. */
  storefrontCheckoutPath?: string
  /** Medusa's `storeCors` and `authCors` (comma-separated, as STORE_CORS); default the storefront's origin. */
  storeCors?: string
  /** Host name in the URLs the browser is sent to; default localhost. */
  hostname?: string
  /** A new database, dropped on close (tests). Default: one database kept between runs. */
  freshDatabase?: boolean
  /**
   * Tests: a new database copied from the demo store's migrated and seeded template
   * (harness/template-database.ts, built on first use), dropped on close; no migrations or seed
   * run, so the store starts in the time Medusa takes to boot. The seed's admin login is the
   * template's. Ignores `freshDatabase` and `embeddedPostgres`.
   */
  fromTemplate?: boolean
  /** The PostgreSQL database to use (created if missing, kept on close); default `DATABASE_URL`, then the demo's. */
  databaseUrl?: string
  /** Use an embedded PostgreSQL even when a server is reachable. */
  embeddedPostgres?: boolean
  /** Where the servers' logs go; default test-output/demo. */
  logDir?: string
  /** Progress lines ("migrating…"); default silent. */
  progress?: (line: string) => void
  /**
   * Use the service account named by BNPL_MERCHANT_ID, BNPL_SECRET_KEY, BNPL_BASE_URL and
   * BNPL_AUTH_URL instead of the sandbox's. Default false: those variables are ignored.
   */
  realCredentials?: boolean
}

/** A running demo: the sandbox, a real Medusa store with the built plugin, the storefront. */
export interface DemoStack {
  urls: { storefront: string; store: string; sandbox: string; sandboxControl: string }
  /** Whether the storefront is the demo's own or an outside one (`storefrontUrl`). */
  storefront: "demo" | "outside"
  /** Medusa's bind address (127.0.0.1) and port. */
  storeListen: { host: string; port: number }
  /** Whether the store talks to a real account (`realCredentials`) or the sandbox. */
  credentials: "sandbox" | "real"
  database: { source: DemoDatabase["source"]; url: string }
  seed: DemoSeed
  logDir: string
  /** Milliseconds each start-up step took: sandbox, database, migrations, seed, medusa, storefront. */
  timings: Record<string, number>
  /**
   * Starts one more Medusa server on the same database, as a deployment with two instances
   * has (each with its own process memory); `close()` stops it too. Its logs go to
   * `<logDir>/server-<n>`.
   */
  startAnotherServer(): Promise<{ url: string; stop(): Promise<void> }>
  /** Stops everything that was started, in reverse order. Safe to call twice. */
  close(): Promise<void>
}

// The sandbox as users get it: from the build (`medusa-payment-bnpl/sandbox`), like the store.
function builtSandbox(): typeof import("../src/sandbox") {
  return require(path.join(PACKAGE_ROOT, ".medusa/server/src/sandbox"))
}

// 0 picks a free port (tests); a fixed one is checked first, for an error that says what to do.
async function port(wanted: number | undefined, fallback: number, what: string, flag: string): Promise<number> {
  if (wanted === 0) return freePort()
  await assertPortFree(wanted ?? fallback, what, flag)
  return wanted ?? fallback
}

/**
 * Starts the whole demo: the sandbox of the service, PostgreSQL (see `prepareDatabase`),
 * migrations, the seed, `medusa start` in demo/store with the plugin loaded from its build,
 * and the storefront. Needs `npm run build` first. If a step fails, whatever was already
 * started is stopped before the error is thrown.
 */
export async function startDemo(options: DemoOptions = {}): Promise<DemoStack> {
  const progress = options.progress ?? (() => {})
  const hostname = options.hostname ?? "localhost"
  const logDir = options.logDir ?? DEMO_LOG_DIR
  const timings: Record<string, number> = {}
  const stops: Array<() => Promise<void>> = []
  const close = async () => {
    while (stops.length) await stops.pop()!().catch(() => {})
  }
  const timed = async <T>(key: string, label: string, step: () => Promise<T>): Promise<T> => {
    progress(`${label}…`)
    const started = Date.now()
    const result = await step()
    timings[key] = Date.now() - started
    return result
  }

  try {
    linkPlugin()
    const [sandboxPort, storePort, storefrontPort] = [
      await port(options.sandboxPort, 4610, "the sandbox", "--sandbox-port"),
      await port(options.storePort, 9000, "Medusa", "--store-port"),
      options.storefrontUrl ? 0 : await port(options.storefrontPort, 8000, "the storefront", "--storefront-port"),
    ]
    const storeUrl = `http://${hostname}:${storePort}`
    const storefrontUrl = options.storefrontUrl?.replace(/\/+$/, "") ?? `http://${hostname}:${storefrontPort}`
    // The consumer's browser is sent to this one; the plugin calls the sandbox on loopback.
    const sandboxUrl = `http://${hostname}:${sandboxPort}`

    const settingsOn = (databaseUrl: string, bnplBaseUrl: string): StoreSettings => ({
      port: storePort,
      databaseUrl,
      bnplBaseUrl,
      storeUrl,
      storefrontUrl,
      storefrontOrderPath: options.storefrontOrderPath,
      storefrontCheckoutPath: options.storefrontCheckoutPath,
      storeCors: options.storeCors,
      logDir,
      // New for every run: a token or cookie signed by another run (or with a published
      // constant) is refused.
      secrets: newStoreSecrets(),
      realCredentials: options.realCredentials ?? false,
    })
    let templateSeed: DemoSeed | undefined
    const database: DemoDatabase = await timed("database", "preparing PostgreSQL", async () => {
      if (!options.fromTemplate) {
        return prepareDatabase({ url: options.databaseUrl, fresh: options.freshDatabase, embedded: options.embeddedPostgres })
      }
      const copy = await databaseFromTemplate({
        serverUrl: options.databaseUrl ?? process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL,
        store: "demo",
        hash: templateHash(path.join(PACKAGE_ROOT, "demo/store")),
        build: async (url) => {
          const setup = settingsOn(url, sandboxUrl)
          await migrateStore(setup)
          return seedDemoStore(setup)
        },
      })
      templateSeed = copy.seed
      return { url: copy.url, source: "local PostgreSQL", close: copy.drop }
    })
    stops.push(() => database.close())

    // The sandbox's orders are kept with the database, as a real service keeps them: a second
    // run on the same database answers the first run's orders and numbers new ones after them.
    const keeper = await openSandboxStateKeeper(database.url, progress)
    stops.push(() => keeper.close())
    const sandbox: Sandbox = await timed("sandbox", "starting the sandbox", () =>
      builtSandbox().startSandbox({
        // Strict: the demo (and the e2e tier that runs it) proves the plugin sends nothing the
        // service merely tolerates (docs/sandbox.md "Strict or as the service").
        strictRequests: true,
        port: sandboxPort,
        publicUrl: sandboxUrl,
        savedState: keeper.saved,
        onRequestDone: () => keeper.schedule(() => sandbox.saveState()),
      }),
    )
    stops.push(async () => {
      await sandbox.close()
      keeper.schedule(() => sandbox.saveState())
    })

    const settings = settingsOn(database.url, sandbox.url)
    const seed =
      templateSeed ??
      (await (async () => {
        await timed("migrations", "running Medusa's migrations", () => migrateStore(settings))
        return timed("seed", "seeding the store", () => seedDemoStore(settings))
      })())
    const store: RunningStore = await timed("medusa", "starting Medusa", () => startMedusa(settings))
    stops.push(() => store.stop())

    if (!options.storefrontUrl) {
      const storefront: RunningStorefront = await timed("storefront", "starting the storefront", () =>
        startStorefront({
          port: storefrontPort,
          storeUrl,
          publishableKey: seed.publishableKey,
          expressLibraryUrl: `${sandboxUrl}/express/library.js`,
          regions: [
            { id: seed.regions.uk, name: "United Kingdom", currency: "gbp", countryCode: "gb", countryName: "United Kingdom" },
            { id: seed.regions.eu, name: "Europe", currency: "eur", countryCode: "de", countryName: "Germany" },
          ],
        }),
      )
      stops.push(() => storefront.close())
    }

    let servers = 1
    const startAnotherServer = async () => {
      servers += 1
      const port = await freePort()
      const url = `http://${hostname}:${port}`
      const another = await startMedusa({ ...settings, port, storeUrl: url, logDir: path.join(logDir, `server-${servers}`) })
      stops.push(() => another.stop())
      return { url, stop: () => another.stop() }
    }

    return {
      // Every URL on one host (`hostname`): the browser's, so a person never mixes the two.
      urls: { storefront: storefrontUrl, store: storeUrl, sandbox: sandboxUrl, sandboxControl: `${sandboxUrl}/__control` },
      storefront: options.storefrontUrl ? "outside" : "demo",
      storeListen: { host: STORE_HOST, port: storePort },
      credentials: options.realCredentials ? "real" : "sandbox",
      database: { source: database.source, url: database.url },
      seed,
      logDir,
      timings,
      startAnotherServer,
      close,
    }
  } catch (error) {
    await close()
    throw error
  }
}
