#!/usr/bin/env node
// `npm run test:node-versions`: the tiers that show a Node release breaks nothing, on each
// supported release line other than the one running npm (CI's machine runs Node 20):
// the unit and contract tests, and a real Medusa store on PostgreSQL with the packed plugin and
// the README's configuration taking one pay-later checkout (test/integration/packed-install).
// The Node binaries are the ones the npm registry ships (the `node-<platform>-<arch>` packages
// that the `node` package installs), fetched once into node_modules/.cache/node-versions.
// `--lines 22,24` picks the release lines. docs/testing.md, "Node versions".
const { execFileSync, spawn } = require("node:child_process")
const { existsSync, mkdirSync } = require("node:fs")
const path = require("node:path")

const root = path.resolve(__dirname, "..")
/** The release lines tested besides the running one, with the lowest version the package supports on each (package.json engines). */
const LINES = { 20: "^20.20.0", 22: "^22.22.0", 24: "^24.0.0" }
const cache = path.join(root, "node_modules/.cache/node-versions")

// npm's settings of the outer `npm run` would point the nested npm at this package.
const environment = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)))

/** The path of a Node binary of the release line `line`, fetched from the npm registry the first time. */
function nodeBinary(line) {
  const binaryPackage = `node-${process.platform}-${process.arch}`
  const prefix = path.join(cache, String(line))
  const binary = path.join(prefix, "node_modules", binaryPackage, "bin", process.platform === "win32" ? "node.exe" : "node")
  if (!existsSync(binary)) {
    mkdirSync(prefix, { recursive: true })
    execFileSync("npm", ["install", "--no-save", "--no-package-lock", "--no-audit", "--no-fund", "--loglevel=error", "--prefix", prefix, `${binaryPackage}@${LINES[line]}`], {
      stdio: "inherit",
      env: environment,
    })
  }
  return binary
}

/** Runs jest with the given Node; resolves with its exit code. */
function jest(binary, args, extraEnv = {}) {
  const env = { ...environment, ...extraEnv, PATH: `${path.dirname(binary)}${path.delimiter}${environment.PATH}` }
  const child = spawn(binary, [path.join(root, "node_modules/jest/bin/jest.js"), ...args], { cwd: root, stdio: "inherit", env })
  return new Promise((resolve) => child.on("close", (code, signal) => resolve(code ?? (signal ? 1 : 0))))
}

function requestedLines() {
  const index = process.argv.indexOf("--lines")
  const running = Number(process.versions.node.split(".")[0])
  const lines = index >= 0 ? process.argv[index + 1].split(",").map(Number) : Object.keys(LINES).map(Number).filter((line) => line !== running)
  const unknown = lines.filter((line) => !LINES[line])
  if (unknown.length) {
    console.error(`test:node-versions: no release line ${unknown.join(", ")}; the supported ones are ${Object.keys(LINES).join(", ")}`)
    process.exit(2)
  }
  return lines
}

async function main() {
  const results = []
  for (const line of requestedLines()) {
    const binary = nodeBinary(line)
    const version = execFileSync(binary, ["--version"], { encoding: "utf8" }).trim()
    console.log(`\ntest:node-versions: Node ${version}`)
    const started = Date.now()
    const codes = [
      await jest(binary, ["--selectProjects", "unit", "contract"]),
      await jest(binary, ["test/integration/packed-install.test.ts", "--selectProjects", "integration"], {
        NODE_OPTIONS: "--experimental-vm-modules",
      }),
    ]
    results.push({ version, ok: codes.every((code) => code === 0), seconds: Math.round((Date.now() - started) / 1000) })
  }
  console.log("\ntest:node-versions:")
  for (const { version, ok, seconds } of results) console.log(`  Node ${version}: ${ok ? "passed" : "FAILED"} in ${seconds} s`)
  if (results.some((result) => !result.ok)) process.exit(1)
}

main().catch((error) => {
  console.error(`test:node-versions: ${error.stack ?? error}`)
  process.exit(1)
})
