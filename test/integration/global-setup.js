// Installs the built plugin into the test store's node_modules the way `npm install <path>`
// does (a link to the package root), so the store resolves "medusa-payment-bnpl" through its
// package.json `exports` to the build output, never to src.
const fs = require("node:fs")
const path = require("node:path")

module.exports = async () => {
  const root = path.resolve(__dirname, "../..")
  const built = path.join(root, ".medusa/server/src/providers/bnpl/index.js")
  if (!fs.existsSync(built)) {
    throw new Error(`The plugin is not built (${built} is missing): run \`npm run build\` first.`)
  }
  const modules = path.join(__dirname, "store/node_modules")
  const link = path.join(modules, "medusa-payment-bnpl")
  fs.mkdirSync(modules, { recursive: true })
  if (!fs.existsSync(link)) fs.symlinkSync(root, link, "dir")
}
