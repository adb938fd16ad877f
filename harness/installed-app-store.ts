import path from "node:path"
import type { StoreSettings } from "./medusa-store"

/**
 * The settings of a Medusa app installed outside this repository (a new app that took the
 * packed plugin from npm, as test/compat and test/install make one), started with the app's own
 * Medusa CLI on `port` against the sandbox at `sandboxUrl`, and seeded by the demo's seed copied
 * into the app's `scripts/`. `env` adds to the store process's environment.
 */
export function installedAppStore(app: string, port: number, databaseUrl: string, sandboxUrl: string, env?: NodeJS.ProcessEnv): StoreSettings {
  return {
    port,
    databaseUrl,
    bnplBaseUrl: sandboxUrl,
    storeUrl: `http://127.0.0.1:${port}`,
    storefrontUrl: "http://storefront.test",
    logDir: path.join(app, "logs"),
    storeDir: app,
    medusaCli: path.join(app, "node_modules/@medusajs/cli/cli.js"),
    seedScript: "./scripts/seed-demo.ts",
    ...(env ? { env } : {}),
  }
}
