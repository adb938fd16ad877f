import { execFileSync } from "node:child_process"
import { createHash } from "node:crypto"
import fs from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import { prepareDatabase, type DemoDatabase } from "../../harness/database"
import { migrateStore, seedDemoStore, startMedusa, type RunningStore } from "../../harness/medusa-store"
import { copyDemoStoreInto, installedAppStore } from "../../harness/installed-app-store"
import { freePort } from "../../harness/ports"
import { runScriptedPurchase, type PurchaseResult } from "../../demo/script/purchase"
import { startSandbox, type Sandbox } from "../../src/sandbox"

// CommonJS: scripts/node-versions.js requires it too.
const { NODE_LINES, nodeBinary } = require("../../scripts/node-binaries") as {
  NODE_LINES: Record<string, string>
  nodeBinary: (line: string) => string
}

/**
 * The lowest Medusa the package says it supports (the lower bound of its peerDependencies),
 * installed as a merchant installs it: a new app whose package.json names that Medusa and
 * the packed plugin (`npm pack`), then a plain `npm install` from the registry, without
 * --legacy-peer-deps or --force. The app runs the README's configuration with the sandbox,
 * and one purchase goes through checkout, return, fulfilment, courier, capture and refund, on
 * each supported Node release line in turn (the registry's Node binaries: scripts/node-binaries.js),
 * the same installed app and database each time. The newest Medusa is the one the rest of the
 * suite runs on.
 *
 * Needs the npm registry and PostgreSQL on localhost:5432. The app is kept in the system's
 * temp directory, one per checkout of this repository (its node_modules make a second run
 * quicker; outside the repository, jest does not crawl them).
 */

// npm install of Medusa from the registry takes 1–4 minutes; migrations, seed and boot about
// one; each Node line's start and purchase under a minute.
jest.setTimeout(900_000)

const root = path.resolve(__dirname, "../..")
const manifest = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"))
const LOWEST = /^>=\s*(\d+\.\d+\.\d+)\b/.exec(manifest.peerDependencies["@medusajs/framework"])?.[1]
const checkout = createHash("sha256").update(root).digest("hex").slice(0, 8)
const app = path.join(tmpdir(), `medusa-payment-bnpl-compat-${checkout}`, `medusa-${LOWEST}`)

let sandbox: Sandbox | undefined
let database: DemoDatabase | undefined
let store: RunningStore | undefined
/** Each Node release line's purchase, and the lines the store printed for it. */
const purchases: Record<string, { purchase?: PurchaseResult; printed: string[]; failure?: unknown; ranOn?: string; asked?: string }> = {}
const timings: Record<string, number> = {}

async function timed<T>(step: string, work: () => T | Promise<T>): Promise<T> {
  const started = Date.now()
  try {
    return await work()
  } finally {
    timings[step] = Math.round((Date.now() - started) / 100) / 10
  }
}

// npm run from `npm test` passes its own settings down (npm_config_*, among them the project
// directory): a nested npm would install into this repository instead of the app.
function cleanEnvironment(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)))
}

/** The app: package.json with Medusa at the lowest version and the packed plugin, npm install. */
function installApp(): void {
  fs.mkdirSync(app, { recursive: true })
  const packed = execFileSync("npm", ["pack", "--silent", "--pack-destination", app], {
    cwd: root,
    encoding: "utf8",
    env: cleanEnvironment(),
  })
  const tarball = packed.trim().split("\n").pop()!
  fs.writeFileSync(
    path.join(app, "package.json"),
    JSON.stringify(
      {
        name: "medusa-store-lowest",
        private: true,
        dependencies: {
          "@medusajs/cli": LOWEST,
          "@medusajs/framework": LOWEST,
          "@medusajs/medusa": LOWEST,
          "medusa-payment-bnpl": `file:./${tarball}`,
        },
      },
      null,
      2,
    ),
  )
  // A new tarball every build: npm must not keep the previous one's integrity.
  fs.rmSync(path.join(app, "package-lock.json"), { force: true })
  fs.rmSync(path.join(app, "node_modules/medusa-payment-bnpl"), { recursive: true, force: true })
  execFileSync("npm", ["install"], { cwd: app, env: cleanEnvironment(), stdio: "pipe" })
  copyDemoStoreInto(app)
}

const installedVersion = (name: string) =>
  JSON.parse(fs.readFileSync(path.join(app, "node_modules", name, "package.json"), "utf8")).version as string

beforeAll(async () => {
  if (!LOWEST) throw new Error(`package.json peerDependencies has no lower bound: ${manifest.peerDependencies["@medusajs/framework"]}`)
  await timed("npm pack + npm install", installApp)
  sandbox = await startSandbox({ port: 0, strictRequests: true })
  database = await prepareDatabase({ fresh: true })
  const port = await freePort()
  const settings = installedAppStore(app, port, database.url, sandbox.url)
  await timed("migrations", () => migrateStore(settings))
  const seed = await timed("seed", () => seedDemoStore(settings))
  for (const line of Object.keys(NODE_LINES)) {
    const printed: string[] = []
    // One line's failure is that line's test's failure; the other lines still run.
    try {
      const node = await timed(`Node ${line} binary`, () => nodeBinary(line))
      store = await timed(`Node ${line} medusa start`, () => startMedusa({ ...settings, node }))
      // The binary the server process runs, as the kernel sees it: the line's, not jest's.
      const ranOn = fs.existsSync(`/proc/${store.pid}/exe`) ? fs.realpathSync(`/proc/${store.pid}/exe`) : undefined
      const purchase = await timed(`Node ${line} purchase`, () =>
        runScriptedPurchase(
          {
            urls: {
              store: settings.storeUrl,
              storefront: settings.storefrontUrl,
              sandbox: sandbox!.url,
              sandboxControl: `${sandbox!.url}/__control`,
            },
            seed,
          },
          (printedLine) => printed.push(printedLine),
        ),
      )
      purchases[line] = { purchase, printed, ranOn, asked: fs.realpathSync(node) }
    } catch (failure) {
      purchases[line] = { printed, failure }
    } finally {
      await store?.stop()
      store = undefined
    }
  }
})

afterAll(async () => {
  await store?.stop()
  await database?.close()
  await sandbox?.close()
  // Figures for the CI budget (docs/testing.md: what npm test runs); no assertion on time.
  console.log(`compat on Medusa ${LOWEST}: ${JSON.stringify(timings)} (seconds)`)
})

it(`runs on the lowest supported Medusa (${LOWEST}), installed with a plain npm install of the packed plugin`, () => {
  expect(installedVersion("@medusajs/medusa")).toBe(LOWEST)
  expect(installedVersion("@medusajs/framework")).toBe(LOWEST)
  // The tarball's contents, not a link to this repository.
  const plugin = path.join(app, "node_modules/medusa-payment-bnpl")
  expect(fs.lstatSync(plugin).isSymbolicLink()).toBe(false)
  expect(fs.existsSync(path.join(plugin, ".medusa/server/src/providers/bnpl/index.js"))).toBe(true)
})

it.each(Object.keys(NODE_LINES))(
  "on Node %s, a purchase goes through checkout, return, fulfilment, courier, capture and refund",
  (line) => {
    const { purchase, printed, failure, ranOn, asked } = purchases[line]
    if (failure) throw failure
    // Where /proc exists (Linux, as on CI), the server ran on this line's binary.
    if (ranOn) expect(ranOn).toBe(asked)
    const { ledger, serviceOrderId, token, orderId } = purchase!
    expect(orderId).toMatch(/^order_/)
    expect(ledger.auths.filter((auth) => auth.token === token).map((auth) => auth.status)).toEqual(["APPROVED"])
    expect(ledger.courierUpdates.filter((update) => update.orderId === serviceOrderId)).toHaveLength(1)
    const captures = ledger.captures.filter((capture) => capture.orderId === serviceOrderId)
    expect(captures.map((capture) => Number(capture.amount.amount))).toEqual([purchase!.total])
    const refunds = ledger.refunds.filter((refund) => refund.orderId === serviceOrderId)
    expect(refunds.map((refund) => refund.amount.amount)).toEqual(["10.00"])
    expect(printed).toHaveLength(5)
  },
)
