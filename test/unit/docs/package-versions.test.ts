import fs from "node:fs"
import path from "node:path"

/**
 * The plugin and the storefront kit are released together at one version (docs/releasing.md),
 * and the install instructions name their tarballs (`medusa-payment-bnpl-<version>.tgz`):
 * a version bump that forgets the kit, or a doc still naming the old tarball, fails here.
 */

const root = path.resolve(__dirname, "../../..")
const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8")
const plugin = JSON.parse(read("package.json"))
const kit = JSON.parse(read("packages/storefront-kit/package.json"))
const INSTALL_DOCS = [
  "README.md",
  "docs/installation.md",
  "docs/storefront.md",
  "packages/storefront-kit/README.md",
  "examples/nextjs/README.md",
]

it("the plugin and the storefront kit carry one version", () => {
  expect(kit.version).toBe(plugin.version)
})

it("every tarball the install docs name is the one npm pack makes of this version", () => {
  const named = INSTALL_DOCS.flatMap((file) =>
    [...read(file).matchAll(/(medusa-payment-bnpl(?:-storefront)?)-(\d+\.\d+\.\d+[\w.-]*?)\.tgz/g)].map((match) => `${file}: ${match[0]}`),
  )
  expect(named.length).toBeGreaterThan(10)
  expect(named.filter((entry) => !entry.endsWith(`-${plugin.version}.tgz`))).toEqual([])
})
