// Builds the plugin's admin extensions (src/admin) into .medusa/server/src/admin with Medusa's
// admin bundler, the same call `medusa plugin:build` makes for a plugin's admin; the server
// code is built by tsup. Medusa 2.21 loads the result through the package's "./admin" export.
const path = require("node:path")

async function main() {
  const started = Date.now()
  const { plugin } = await import("@medusajs/admin-bundler")
  await plugin({ root: path.resolve(__dirname, ".."), outDir: ".medusa/server" })
  if (!process.argv.includes("--silent")) {
    console.log(`admin extensions built in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  }
}

main().catch((error) => {
  console.error("The admin extensions did not build:", error)
  process.exit(1)
})
