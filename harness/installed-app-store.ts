import fs from "node:fs"
import path from "node:path"
import type { StoreSettings } from "./medusa-store"

/**
 * The settings of a Medusa app installed outside this repository (a new app that took the
 * packed plugin from npm, as test/compat and test/install make one), started with the app's own
 * Medusa CLI on `port` against the sandbox at `sandboxUrl`, and seeded by the demo's seed copied
 * into the app's `scripts/`. `env` adds to the store process's environment.
 */
export function installedAppStore(
  app: string,
  port: number,
  databaseUrl: string,
  sandboxUrl: string,
  env?: NodeJS.ProcessEnv,
): StoreSettings {
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

/**
 * Copies the demo's configuration (the README's, with the sandbox account) and its seed scripts
 * into `app`, so that every @medusajs import resolves to the app's own Medusa; the seed's
 * imports of the harness, three folders up in this repository, point at the copies beside it.
 */
export function copyDemoStoreInto(app: string): void {
  const root = path.resolve(__dirname, "..")
  fs.copyFileSync(path.join(root, "demo/store/medusa-config.js"), path.join(app, "medusa-config.js"))
  const scripts = path.join(app, "scripts")
  fs.mkdirSync(scripts, { recursive: true })
  for (const file of ["seed.ts", "find-seeded.ts", "pay-later-providers.ts", "admin-user.ts"]) {
    fs.copyFileSync(path.join(root, "harness", file), path.join(scripts, file))
  }
  const seedScript = fs.readFileSync(path.join(root, "demo/store/scripts/seed-demo.ts"), "utf8")
  fs.writeFileSync(path.join(scripts, "seed-demo.ts"), seedScript.replace(/"\.\.\/\.\.\/\.\.\/harness\//g, '"./'))
}
