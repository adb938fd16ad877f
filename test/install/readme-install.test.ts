import fs from "node:fs"
import { createHash } from "node:crypto"
import { tmpdir } from "node:os"
import path from "node:path"
import { startSandbox, type Sandbox } from "../../src/sandbox"
import { freePort } from "../../harness/ports"
import { payLaterCheckout } from "../support/install/checkout"
import { deployCommands, readmeInstall } from "../support/install/docs-blocks"
import { allowSandboxInProduction, writeMedusaApp } from "../support/install/medusa-app"
import { writeNextApp } from "../support/install/next-app"
import { seededDatabase, serverEnvironment, startServer } from "../support/install/production-server"
import { emptyCaches, packageManagersOnPath, runShell, shellEnvironment, timings, type PackageManager } from "../support/install/shell"

/**
 * The README's Install section, run as a merchant runs it (issue 46): its `npm pack` lines in
 * this repository (after the build), then, with npm, pnpm and yarn, its table's command in a
 * new Medusa 2.21 app (the package.json and tsconfig of Medusa's starter, the README's
 * medusa-config.ts) and in a new Next.js app whose page imports the kit and its React
 * components. Both apps must build: `medusa build` (the plugin's admin extensions bundled into
 * the app's admin) and `next build`. Then the deploy of docs/deploying.md (issue 58): the built
 * server's install on empty package manager caches, as a clean build machine has, its start
 * with NODE_ENV=production, and one pay-later checkout through it against the sandbox.
 *
 * Needs the npm registry (Medusa, Next.js, pnpm and yarn themselves, run with npx when the
 * machine has none) and PostgreSQL. The apps are kept in the system's temp directory, one set
 * per checkout of this repository, so a second run finds their node_modules and only the plugin
 * and the kit are installed again; the built servers' installs start from nothing every run.
 */

// Installs of Medusa from the registry take minutes the first time; the builds about two each.
jest.setTimeout(1_800_000)

const root = path.resolve(__dirname, "../..")
const manifest = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"))
const work = path.join(tmpdir(), `medusa-payment-bnpl-readme-install-${createHash("sha256").update(root).digest("hex").slice(0, 8)}`)
const managers: PackageManager[] = ["npm", "pnpm", "yarn"]
const adds: Record<PackageManager, (file: string, name: string) => string> = {
  npm: (file) => `npm install ./vendor/${file}`,
  pnpm: (file) => `pnpm add ./vendor/${file}`,
  yarn: (file, name) => `yarn add ${name}@file:./vendor/${file}`,
}

const { commands, table } = readmeInstall()
const deploy = deployCommands()
let packed: string[] = []
let tarballs: { plugin: string; kit: string }
let toolsPath: string
let sandbox: Sandbox

beforeAll(async () => {
  fs.mkdirSync(work, { recursive: true })
  toolsPath = packageManagersOnPath(work)
  // Step 1's `npm pack` lines, run as written in this repository (after the build).
  packed = commands
    .filter((command) => command.startsWith("npm pack"))
    .map((command) => runShell(command, root, command).trim().split("\n").pop()!)
  // Out of the repository: a tarball left there would be packed into the next one.
  const [plugin, kit] = packed.map((file) => {
    const destination = path.join(work, file)
    fs.renameSync(path.join(root, file), destination)
    return destination
  })
  tarballs = { plugin, kit }
  sandbox = await startSandbox({ port: 0, strictRequests: true })
})

afterAll(async () => {
  await sandbox?.close()
  // Figures for the tier's time (docs/testing.md); no assertion on time.
  console.log(`readme-install: ${JSON.stringify(timings)} (seconds)`)
})

it("the Install section packs the plugin and the kit (step 1), after the build", () => {
  expect(commands).toEqual(["npm install && npm run build", "npm pack", "npm pack ./packages/storefront-kit"])
  expect(fs.existsSync(path.join(root, ".medusa/server/src/providers/bnpl/index.js"))).toBe(true)
  expect(packed).toEqual([`medusa-payment-bnpl-${manifest.version}.tgz`, `medusa-payment-bnpl-storefront-${manifest.version}.tgz`])
})

describe.each(managers)("with %s, as the README's table and docs/deploying.md say", (manager) => {
  const backend = path.join(work, manager, "medusa-app")
  const storefront = path.join(work, manager, "next-app")
  const env = () => shellEnvironment({}, toolsPath)

  it("installs the plugin into a new Medusa 2.21 app, which builds with its admin extensions", () => {
    const command = table[manager]?.app
    expect(command).toBe(adds[manager](path.basename(tarballs.plugin), "medusa-payment-bnpl"))
    writeMedusaApp(backend, tarballs.plugin)
    runShell(`${manager} install`, backend, `${manager}: Medusa app's own install`, env())
    runShell(command, backend, `${manager}: ${command}`, env())

    const installed = fs.realpathSync(path.join(backend, "node_modules/medusa-payment-bnpl"))
    expect(installed.startsWith(root)).toBe(false)
    expect(JSON.parse(fs.readFileSync(path.join(backend, "package.json"), "utf8")).dependencies["medusa-payment-bnpl"]).toMatch(
      /vendor\/medusa-payment-bnpl-.*\.tgz$/,
    )
  })

  it("builds the server and installs it on an empty cache, with vendor/ copied in as docs/deploying.md says", () => {
    const { buildAndInstall } = deploy[manager]
    runShell(
      buildAndInstall,
      backend,
      `${manager}: ${buildAndInstall}`,
      shellEnvironment(emptyCaches(path.join(work, manager, "empty-caches")), toolsPath),
    )
    const server = path.join(backend, ".medusa/server")
    const assets = path.join(server, "public/admin/assets")
    const bundled = fs
      .readdirSync(assets)
      .filter((file) => file.endsWith(".js"))
      .map((file) => fs.readFileSync(path.join(assets, file), "utf8"))
      .join("\n")
    // The order page's box and the settings page are the plugin's admin extensions.
    expect(bundled).toContain("Pay later")
    // The README's medusa-config.ts is in the build: a .js one with the starter's tsconfig is not.
    expect(fs.existsSync(path.join(server, "medusa-config.js"))).toBe(true)
    // The server's own install holds the plugin and Medusa: nothing is borrowed from the app's.
    for (const name of ["medusa-payment-bnpl", "@medusajs/medusa"]) {
      expect(
        fs
          .realpathSync(require.resolve(`${name}/package.json`, { paths: [server] }))
          .startsWith(fs.realpathSync(path.join(server, "node_modules"))),
      ).toBe(true)
    }
  })

  it("the built server starts with NODE_ENV=production and completes a pay-later checkout", async () => {
    const server = path.join(backend, ".medusa/server")
    allowSandboxInProduction(server)
    const database = await seededDatabase(sandbox.url, path.join(work, manager, "logs"))
    const port = await freePort()
    const started = Date.now()
    const running = await startServer(
      deploy[manager].start,
      server,
      serverEnvironment({ port, databaseUrl: database.url, sandboxUrl: sandbox.url }, toolsPath),
      path.join(work, manager, "logs/production.log"),
    )
    timings[`${manager}: production start`] = Math.round((Date.now() - started) / 100) / 10
    try {
      const checkout = await payLaterCheckout(running.url, sandbox.url, database.seed)
      expect(checkout.orderPage.toString()).toBe(`https://shop.example.com/order/${checkout.orderId}/confirmed`)
      expect(checkout.payment.provider_id).toBe("pp_bnpl_bnpl")
      expect(checkout.auths.map((auth) => auth.status)).toEqual(["APPROVED"])
      expect(running.log()).not.toMatch(/Cannot find module/)
    } finally {
      await running.stop()
      await database.drop()
    }
  })

  it("installs the kit into a new Next.js app, which builds", () => {
    const command = table[manager]?.storefront
    expect(command).toBe(adds[manager](path.basename(tarballs.kit), "medusa-payment-bnpl-storefront"))
    writeNextApp(storefront, tarballs.kit)
    runShell(`${manager} install`, storefront, `${manager}: Next.js app's own install`, env())
    runShell(command, storefront, `${manager}: ${command}`, env())

    const installed = fs.realpathSync(path.join(storefront, "node_modules/medusa-payment-bnpl-storefront"))
    expect(installed.startsWith(root)).toBe(false)
    // The kit's one dependency is React, a peer: it brings no package of its own.
    expect(JSON.parse(fs.readFileSync(path.join(installed, "package.json"), "utf8")).dependencies ?? {}).toEqual({})

    const output = runShell(`${manager} run build`, storefront, `${manager}: next build`, env())
    expect(fs.existsSync(path.join(storefront, ".next/BUILD_ID"))).toBe(true)
    expect(output).toMatch(/ƒ \//)
  })
})
