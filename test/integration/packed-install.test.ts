import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { execFileSync } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import { pathAndQuery } from "../../harness/shopper"
import { approvedCheckout } from "../support/place-order"
import { useSandboxForStore } from "../support/sandbox-for-store"
import { seedStore } from "../support/seed-store"
import { reportRequestErrorsPlainly } from "../support/reportable-request-errors"
import { readmeMedusaConfig } from "../support/install/docs-blocks"

jest.setTimeout(180_000)

/**
 * Installs the plugin as a merchant does: `npm pack` makes the tarball npm would publish,
 * its contents go into a fresh app's node_modules, and the app's medusa-config.ts is the
 * README's snippet verbatim. A file missing from the package's `files`, a wrong `exports`
 * path or a README snippet that does not work fails here.
 */
const root = path.resolve(__dirname, "../..")
const app = path.join(root, "test-output/packed-app")

function installFromTarball(): void {
  fs.rmSync(app, { recursive: true, force: true })
  fs.mkdirSync(path.join(app, "node_modules/medusa-payment-bnpl"), { recursive: true })
  const packed = path.join(root, "test-output/packed")
  fs.mkdirSync(packed, { recursive: true })
  const output = execFileSync("npm", ["pack", "--silent", "--pack-destination", packed], { cwd: root, encoding: "utf8" })
  const tarball = path.join(packed, output.trim().split("\n").pop()!)
  execFileSync("tar", ["-xzf", tarball, "-C", path.join(app, "node_modules/medusa-payment-bnpl"), "--strip-components=1"])

  fs.writeFileSync(path.join(app, "medusa-config.ts"), readmeMedusaConfig())
  fs.writeFileSync(path.join(app, "package.json"), JSON.stringify({ name: "fresh-medusa-app", private: true }, null, 2))
}

const { control } = useSandboxForStore({
  BNPL_MERCHANT_ID: "sandbox-uk-merchant",
  BNPL_SECRET_KEY: "sandbox-uk-secret-key",
})

beforeAll(() => {
  installFromTarball()
})

it("the package ships JavaScript and type definitions for every subpath it exports", () => {
  const installed = path.join(app, "node_modules/medusa-payment-bnpl")
  const { exports } = JSON.parse(fs.readFileSync(path.join(installed, "package.json"), "utf8")) as {
    exports: Record<string, string | Record<string, unknown>>
  }
  // Every file a condition names (types, import, require, default), at any depth.
  const files = (target: unknown): string[] =>
    typeof target === "string" ? [target] : Object.values((target ?? {}) as Record<string, unknown>).flatMap(files)
  const missing: string[] = []
  for (const [subpath, target] of Object.entries(exports)) {
    if (typeof target === "string" || subpath.includes("*")) continue
    const named = files(target)
    if (!named.some((file) => /\.d\.m?ts$/.test(file))) missing.push(`${subpath}: no type definitions named`)
    for (const file of named) {
      if (!fs.existsSync(path.join(installed, file))) missing.push(`${subpath}: ${file}`)
    }
  }
  expect(Object.keys(exports)).toEqual(
    expect.arrayContaining([".", "./providers/bnpl", "./client", "./sandbox", "./storefront", "./react"]),
  )
  expect(missing).toEqual([])
})

medusaIntegrationTestRunner({
  cwd: app,
  testSuite: ({ api, getContainer }) => {
    beforeAll(() => reportRequestErrorsPlainly(api))
    it("the packed plugin, configured from the README, completes a checkout", async () => {
      const installed = require.resolve("medusa-payment-bnpl/providers/bnpl", { paths: [app] })
      expect(installed.startsWith(path.join(app, "node_modules"))).toBe(true)

      await control.reset()
      const store = await seedStore(getContainer())
      const { back } = await approvedCheckout(api, store)
      // The README's backendUrl is the public API host; the return route is served by this app.
      expect(back.href.startsWith("https://api.example.com/bnpl/return")).toBe(true)
      const returned = await api.get(pathAndQuery(back), { maxRedirects: 0, validateStatus: () => true })
      expect(returned.headers.location).toMatch(/^https:\/\/shop\.example\.com\/order\/order_[A-Z0-9]+\/confirmed$/)
      expect((await control.ledger()).payments).toHaveLength(1)
    })
  },
})
