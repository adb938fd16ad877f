import { execFileSync } from "node:child_process"
import { createHash } from "node:crypto"
import fs from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import type { Browser, Page } from "playwright-core"
import { prepareDatabase, type DemoDatabase } from "../../harness/database"
import { migrateStore, seedDemoStore, startMedusa, type RunningStore, type StoreSettings } from "../../harness/medusa-store"
import { copyDemoStoreInto, installedAppStore } from "../../harness/installed-app-store"
import { freePort } from "../../harness/ports"
import { placeOrderPaidLater } from "../../demo/script/purchase"
import type { DemoSeed } from "../../harness/medusa-store"
import { startSandbox, type Sandbox } from "../../src/sandbox"
import { payLaterBoxLayoutProblems, payLaterSettingsLayoutProblems } from "../e2e/admin-layout"
import { launchChromium, screenshot } from "../e2e/browser"
import { signInToDashboard } from "../e2e/demo-dashboard"

/**
 * The plugin's admin extensions in a Medusa app that installed the packed plugin (`npm pack`,
 * then `npm install` of the tarball: its files, no link to this repository), laid out as the
 * e2e tier asserts in the demo's dashboard (test/e2e/admin-layout.ts): the box's figures side
 * by side, the settings' labels beside their values, the jobs' badges whole. The app runs the
 * demo's configuration and seed with the sandbox, in development as the demo does, so the
 * dashboard is built by the same Vite set-up; only how the plugin is installed differs.
 *
 * Needs the npm registry and PostgreSQL on localhost:5432. The app is kept in the system's temp
 * directory, one per checkout of this repository, so a second run installs only the plugin.
 */

// npm install of Medusa takes minutes the first time; the dashboard's first page about one.
jest.setTimeout(1_200_000)

const root = path.resolve(__dirname, "../..")
const manifest = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"))
const MEDUSA = manifest.devDependencies["@medusajs/medusa"] as string
const checkout = createHash("sha256").update(root).digest("hex").slice(0, 8)
const app = path.join(tmpdir(), `medusa-payment-bnpl-admin-layout-${checkout}`)
const timings: Record<string, number> = {}

let sandbox: Sandbox | undefined
let database: DemoDatabase | undefined
let store: RunningStore | undefined
let browser: Browser | undefined
let page: Page
let settings: StoreSettings
let seed: DemoSeed

/** Runs a step of the set-up; its seconds go to the log at the end. */
async function timed<T>(step: string, work: () => T | Promise<T>): Promise<T> {
  const started = Date.now()
  const result = await work()
  timings[step] = Math.round((Date.now() - started) / 100) / 10
  return result
}

/** The app: Medusa at the suite's version and the packed plugin, `npm install`ed; the demo's config and seed copied in. */
function installApp(): void {
  // A nested npm run from `npm run test:install` would act on this repository (npm_config_*).
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)))
  fs.mkdirSync(app, { recursive: true })
  const tarball = execFileSync("npm", ["pack", "--silent", "--pack-destination", app], { cwd: root, encoding: "utf8", env })
    .trim()
    .split("\n")
    .pop()!
  const dependencies = {
    "@medusajs/cli": MEDUSA,
    "@medusajs/framework": MEDUSA,
    "@medusajs/medusa": MEDUSA,
    "medusa-payment-bnpl": `file:./${tarball}`,
  }
  fs.writeFileSync(
    path.join(app, "package.json"),
    `${JSON.stringify({ name: "medusa-admin-layout", private: true, dependencies }, null, 2)}\n`,
  )
  // Each pack is a new tarball: no lock naming the previous one's checksum, no earlier copy.
  fs.rmSync(path.join(app, "package-lock.json"), { force: true })
  fs.rmSync(path.join(app, "node_modules/medusa-payment-bnpl"), { recursive: true, force: true })
  fs.rmSync(path.join(app, ".medusa"), { recursive: true, force: true })
  execFileSync("npm", ["install", "--no-audit", "--no-fund"], { cwd: app, env, stdio: "pipe" })
  copyDemoStoreInto(app)
}

beforeAll(async () => {
  await timed("npm pack + npm install", installApp)
  sandbox = await startSandbox({ port: 0, strictRequests: true })
  database = await prepareDatabase({ fresh: true })
  const port = await freePort()
  // Nothing but the app's own node_modules: the demo's way to the plugin is not needed here.
  settings = installedAppStore(app, port, database.url, sandbox.url, { NODE_PATH: "" })
  await timed("migrations", () => migrateStore(settings))
  seed = await timed("seed", () => seedDemoStore(settings))
  store = await timed("medusa start", () => startMedusa(settings))
  browser = await launchChromium()
  page = await browser.newContext({ viewport: { width: 1440, height: 1000 } }).then((context) => context.newPage())
  await timed("dashboard's first page", () => signInToDashboard(page, settings.storeUrl, seed.admin))
})

afterAll(async () => {
  await browser?.close()
  await store?.stop()
  await database?.close()
  await sandbox?.close()
  // Figures for the install tier's time (docs/testing.md); no assertion on time.
  console.log(`admin-layout: ${JSON.stringify(timings)} (seconds)`)
})

it("the plugin is the tarball's files in the app's node_modules, beside the app's Medusa", () => {
  const plugin = path.join(app, "node_modules/medusa-payment-bnpl")
  expect(fs.lstatSync(plugin).isSymbolicLink()).toBe(false)
  expect(fs.existsSync(path.join(plugin, ".medusa/server/src/admin/index.js"))).toBe(true)
  expect(fs.existsSync(path.join(app, "node_modules/@medusajs/admin-bundler"))).toBe(true)
})

it("the Pay later box on an order's page is laid out as in the demo: figures side by side, values beside their labels", async () => {
  const sandboxUrl = sandbox!.url
  const order = await placeOrderPaidLater(
    {
      urls: {
        store: settings.storeUrl,
        storefront: settings.storefrontUrl,
        sandbox: sandboxUrl,
        sandboxControl: `${sandboxUrl}/__control`,
      },
      seed,
    },
    () => {},
  )
  await page.goto(`${settings.storeUrl}/app/orders/${order.orderId}`)
  await page.getByTestId("bnpl-widget").waitFor()
  await screenshot(page, "installed-admin-order-box", { fullPage: false })
  expect(await payLaterBoxLayoutProblems(page)).toEqual([])
})

it("Settings -> Pay later is laid out as in the demo: labels beside their values, the jobs' badges whole", async () => {
  await page.goto(`${settings.storeUrl}/app/settings/pay-later`)
  const problems = await payLaterSettingsLayoutProblems(page)
  await screenshot(page, "installed-admin-settings", { fullPage: false })
  expect(problems).toEqual([])
})
