import { existsSync, mkdirSync, symlinkSync } from "node:fs"
import path from "node:path"
import { runNode, startNode, tail, type RunningChild } from "../../harness/child-process"
import { DEFAULT_DATABASE_URL } from "../../harness/database"
import { linkPlugin, migrateStore, seedDemoStore, startMedusa, type DemoSeed } from "../../harness/medusa-store"
import { freePort } from "../../harness/ports"
import { databaseFromTemplate, templateHash } from "../../harness/template-database"
import type { Sandbox } from "../../src/sandbox"
import { startingDemoStore } from "./dashboard-turn"

const ROOT = path.resolve(__dirname, "../..")
/** The Next.js example storefront. */
export const EXAMPLE_DIR = path.join(ROOT, "examples/nextjs")
// next is installed in the example (its own package.json: React 19 there, Medusa keeps its React 18 at the root).
const NEXT_CLI = path.join(EXAMPLE_DIR, "node_modules/next/dist/bin/next")

/** The example wired to a real store: the sandbox, Medusa with the built plugin, `next start`. */
export interface NextjsStack {
  urls: { storefront: string; store: string; sandbox: string }
  sandbox: Sandbox
  seed: DemoSeed
  /** Milliseconds per start-up step: nextBuild, store (sandbox, the template's copy, medusa), nextStart. */
  timings: Record<string, number>
  close(): Promise<void>
}

/**
 * Installs the storefront kit's package into the example as `npm install
 * ../../packages/storefront-kit` would (a link to the package), so the example imports
 * `medusa-payment-bnpl-storefront` and `/react` through the package's `exports`: the built
 * kit in packages/storefront-kit/dist, with its type definitions.
 */
export function linkKitIntoExample(): void {
  const modules = path.join(EXAMPLE_DIR, "node_modules")
  mkdirSync(modules, { recursive: true })
  const link = path.join(modules, "medusa-payment-bnpl-storefront")
  if (!existsSync(link)) symlinkSync(path.relative(modules, path.join(ROOT, "packages/storefront-kit")), link, "dir")
}

/**
 * `next build` of the example (a production build, type-checked), then Medusa with the plugin
 * configured for the example's `/{country_code}` routes, both at once, then `next start`.
 * Needs `npm run build` first. `NEXTJS_EXAMPLE_PREBUILT=1` reuses an existing `.next` (local runs).
 */
export async function startNextjsStack(logDir: string): Promise<NextjsStack> {
  mkdirSync(logDir, { recursive: true })
  const timings: Record<string, number> = {}
  const stops: Array<() => Promise<void>> = []
  const close = async () => {
    while (stops.length) await stops.pop()!().catch(() => {})
  }
  const timed = async <T>(key: string, step: () => Promise<T>): Promise<T> => {
    const started = Date.now()
    const result = await step()
    timings[key] = Date.now() - started
    return result
  }
  const nextEnv = { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" }

  try {
    linkPlugin()
    linkKitIntoExample()
    const [sandboxPort, storePort, storefrontPort] = [await freePort(), await freePort(), await freePort()]
    const storefront = `http://localhost:${storefrontPort}`
    const store = `http://localhost:${storePort}`
    const sandboxUrl = `http://localhost:${sandboxPort}`

    const build =
      process.env.NEXTJS_EXAMPLE_PREBUILT === "1" && existsSync(path.join(EXAMPLE_DIR, ".next/BUILD_ID"))
        ? Promise.resolve()
        : timed("nextBuild", () =>
            runNode([NEXT_CLI, "build"], { cwd: EXAMPLE_DIR, env: nextEnv, logFile: path.join(logDir, "next-build.log") }),
          )
    // Medusa runs in demo/store, beside the admin test's dashboard: it starts in its turn (dashboard-turn.ts).
    const backend = timed("store", () =>
      startingDemoStore(async () => {
        // The sandbox as users get it: from the build, like the store's plugin.
        const { startSandbox } = require(path.join(ROOT, ".medusa/server/src/sandbox")) as typeof import("../../src/sandbox")
        const sandbox: Sandbox = await startSandbox({ port: sandboxPort, publicUrl: sandboxUrl, strictRequests: true })
        stops.push(() => sandbox.close())
        const settingsOn = (databaseUrl: string) => ({
          port: storePort,
          databaseUrl,
          bnplBaseUrl: sandbox.url,
          storeUrl: store,
          storefrontUrl: storefront,
          logDir,
          env: {
            BNPL_STOREFRONT_ORDER_PATH: "/{country_code}/pay-later/landing?order_id={order_id}",
            BNPL_STOREFRONT_CHECKOUT_PATH: "/{country_code}/checkout?step=payment",
          },
        })
        // A copy of the demo store's migrated and seeded template (the demo's own start is
        // demo-stack.test.ts's to test).
        const database = await databaseFromTemplate({
          serverUrl: process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL,
          store: "demo",
          hash: templateHash(path.join(ROOT, "demo/store")),
          build: async (url) => {
            await migrateStore(settingsOn(url))
            return seedDemoStore(settingsOn(url))
          },
        })
        stops.push(() => database.drop())
        const settings = settingsOn(database.url)
        const seed = database.seed
        const medusa = await startMedusa(settings)
        stops.push(() => medusa.stop())
        return { sandbox, seed }
      }),
    )
    // Both run to the end, so whatever started is in `stops` before an error is thrown.
    const [built, started] = await Promise.allSettled([build, backend])
    if (built.status === "rejected") throw new Error(`next build failed: ${built.reason}\n${tail(path.join(logDir, "next-build.log"))}`)
    if (started.status === "rejected") throw started.reason
    const { sandbox, seed } = started.value

    const server = await timed("nextStart", () =>
      startNext(
        storefrontPort,
        {
          ...nextEnv,
          MEDUSA_BACKEND_URL: store,
          MEDUSA_PUBLISHABLE_KEY: seed.publishableKey,
          BNPL_EXPRESS_LIBRARY_URL: `${sandboxUrl}/express/library.js`,
        },
        path.join(logDir, "next-start.log"),
      ),
    )
    stops.push(() => server.stop())
    return { urls: { storefront, store, sandbox: sandboxUrl }, sandbox, seed, timings, close }
  } catch (error) {
    await close()
    throw error
  }
}

async function startNext(port: number, env: NodeJS.ProcessEnv, logFile: string): Promise<RunningChild> {
  const server = startNode([NEXT_CLI, "start", "--port", String(port), "--hostname", "localhost"], { cwd: EXAMPLE_DIR, env, logFile })
  let exited: string | undefined
  void server.exited.then((outcome) => (exited = outcome))
  const deadline = Date.now() + 60_000
  for (;;) {
    try {
      const response = await fetch(`http://localhost:${port}/gb/cart`, { signal: AbortSignal.timeout(5_000) })
      if (response.status < 500) return server
    } catch {
      // not listening yet
    }
    if (exited || Date.now() > deadline) {
      await server.stop()
      throw new Error(`next start did not answer (${exited ?? "timed out"}):\n${tail(logFile)}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}
