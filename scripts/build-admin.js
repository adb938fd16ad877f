// Builds the plugin's admin extensions (src/admin) into .medusa/server/src/admin with Medusa's
// admin bundler, the same call `medusa plugin:build` makes for a plugin's admin; the server
// code is built by tsup. Medusa 2.21 loads the result through the package's "./admin" export.
const { writeFileSync } = require("node:fs")
const path = require("node:path")

// The admin entry's types: the dashboard imports it untyped, but the package ships a type for
// every subpath it exports, one per module system, as the bundler emits one of each
// (index.js sets module.exports, index.mjs has a default export): `npm run check:package`.
const SUMMARY = "/** The plugin's admin extensions (widgets, routes, menu items), loaded by Medusa's dashboard. */"
const DECLARATIONS = {
  "index.d.ts": `${SUMMARY}\ndeclare const plugin: Record<string, unknown>\nexport = plugin\n`,
  "index.d.mts": `${SUMMARY}\ndeclare const plugin: Record<string, unknown>\nexport default plugin\n`,
}

async function main() {
  const started = Date.now()
  const { plugin } = await import("@medusajs/admin-bundler")
  const root = path.resolve(__dirname, "..")
  await plugin({ root, outDir: ".medusa/server" })
  for (const [file, text] of Object.entries(DECLARATIONS)) writeFileSync(path.join(root, ".medusa/server/src/admin", file), text)
  if (!process.argv.includes("--silent")) {
    console.log(`admin extensions built in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  }
}

main().catch((error) => {
  console.error("The admin extensions did not build:", error)
  process.exit(1)
})
