// The Node release lines the package supports and their binaries as the npm registry ships them
// (the `node-<platform>-<arch>` packages that the `node` package installs), fetched once into
// node_modules/.cache/node-versions. Used by `npm run test:node-versions` and by the
// compatibility store, which runs the installed app on each line (docs/testing.md, "Node versions").
const { execFileSync } = require("node:child_process")
const { existsSync, mkdirSync } = require("node:fs")
const path = require("node:path")

const root = path.resolve(__dirname, "..")
/** The supported release lines, each with the lowest version package.json `engines` allows on it. */
const NODE_LINES = { 20: "^20.20.0", 22: "^22.22.0", 24: "^24.0.0" }
const cache = path.join(root, "node_modules/.cache/node-versions")

/** The environment without npm's settings of an outer `npm run`, which would point a nested npm at this package. */
function withoutNpmSettings(environment = process.env) {
  return Object.fromEntries(Object.entries(environment).filter(([name]) => !/^npm_/i.test(name)))
}

/** The release line of the Node running this process, as a number (20, 22, 24). */
function runningLine() {
  return Number(process.versions.node.split(".")[0])
}

/**
 * The path of a Node binary of release line `line` (a key of NODE_LINES): the running Node for
 * its own line, otherwise the registry's binary, installed with npm the first time.
 * @throws when `line` is not supported, or npm cannot fetch the binary.
 */
function nodeBinary(line) {
  if (!NODE_LINES[line])
    throw new Error(`no supported Node release line ${line}; the supported ones are ${Object.keys(NODE_LINES).join(", ")}`)
  if (Number(line) === runningLine()) return process.execPath
  const binaryPackage = `node-${process.platform}-${process.arch}`
  const prefix = path.join(cache, String(line))
  const binary = path.join(prefix, "node_modules", binaryPackage, "bin", process.platform === "win32" ? "node.exe" : "node")
  if (!existsSync(binary)) {
    mkdirSync(prefix, { recursive: true })
    execFileSync(
      "npm",
      [
        "install",
        "--no-save",
        "--no-package-lock",
        "--no-audit",
        "--no-fund",
        "--loglevel=error",
        "--prefix",
        prefix,
        `${binaryPackage}@${NODE_LINES[line]}`,
      ],
      { stdio: ["ignore", "inherit", "inherit"], env: withoutNpmSettings() },
    )
  }
  return binary
}

module.exports = { NODE_LINES, nodeBinary, runningLine, withoutNpmSettings }
