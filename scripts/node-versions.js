#!/usr/bin/env node
// `npm run test:node-versions`: the unit and contract tests on each supported Node release line
// other than the one running npm (CI's machine runs Node 20), with the Node binaries the npm
// registry ships (scripts/node-binaries.js). A real store on each line is the compatibility
// tier's (test/compat/lowest-medusa.test.ts starts the installed app on every line).
// `--lines 22,24` picks the release lines. docs/testing.md, "Node versions".
const { execFileSync, spawn } = require("node:child_process")
const path = require("node:path")
const { NODE_LINES, nodeBinary, runningLine, withoutNpmSettings } = require("./node-binaries")

const root = path.resolve(__dirname, "..")

/** Runs jest with the given Node; resolves with its exit code. */
function jest(binary, args) {
  const environment = withoutNpmSettings()
  const env = { ...environment, PATH: `${path.dirname(binary)}${path.delimiter}${environment.PATH}` }
  const child = spawn(binary, [path.join(root, "node_modules/jest/bin/jest.js"), ...args], { cwd: root, stdio: "inherit", env })
  return new Promise((resolve) => child.on("close", (code, signal) => resolve(code ?? (signal ? 1 : 0))))
}

function requestedLines() {
  const index = process.argv.indexOf("--lines")
  const lines =
    index >= 0
      ? process.argv[index + 1].split(",").map(Number)
      : Object.keys(NODE_LINES)
          .map(Number)
          .filter((line) => line !== runningLine())
  const unknown = lines.filter((line) => !NODE_LINES[line])
  if (unknown.length) {
    console.error(`test:node-versions: no release line ${unknown.join(", ")}; the supported ones are ${Object.keys(NODE_LINES).join(", ")}`)
    process.exit(2)
  }
  return lines
}

async function main() {
  // The lines side by side, one worker each: these run beside other tiers (scripts/test-tiers.js),
  // and the time-out tests need the CPU they wait on.
  const results = await Promise.all(
    requestedLines().map(async (line) => {
      const binary = nodeBinary(line)
      const version = execFileSync(binary, ["--version"], { encoding: "utf8" }).trim()
      console.log(`\ntest:node-versions: Node ${version}`)
      const started = Date.now()
      const code = await jest(binary, ["--selectProjects", "unit", "contract", "--maxWorkers=1"])
      return { version, ok: code === 0, seconds: Math.round((Date.now() - started) / 1000) }
    }),
  )
  console.log("\ntest:node-versions:")
  for (const { version, ok, seconds } of results) console.log(`  Node ${version}: ${ok ? "passed" : "FAILED"} in ${seconds} s`)
  if (results.some((result) => !result.ok)) process.exit(1)
}

main().catch((error) => {
  console.error(`test:node-versions: ${error.stack ?? error}`)
  process.exit(1)
})
