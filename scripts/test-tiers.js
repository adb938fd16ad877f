#!/usr/bin/env node
// `npm test`: every test tier, as CI runs it (.ci/run), then how long each took.
// The steps run one after another and stop at the first failure; the scripts of one step run
// side by side, each line of their output prefixed with its script's name. Only tiers that
// mostly wait and assert no timing share a step: the compatibility tests (npm installs from the
// registry, then one purchase) beside the soak (whose verdict is its violations, not its pace).
// The crash cases do not go beside the soak: under its load one missed its 5-second window
// (docs/testing.md).
const { spawn } = require("node:child_process")
const readline = require("node:readline")

/** npm scripts of package.json, in order; an inner list runs side by side. */
const STEPS = [
  ["build"],
  ["check:layout"],
  ["test:unit"],
  ["test:contract"],
  ["test:integration"],
  ["test:multi-instance"],
  ["test:compat", "test:soak"],
  ["test:e2e"],
]

/** Runs `npm run <script>`; resolves with its exit code and seconds taken. */
function run(script, prefixed) {
  const started = Date.now()
  const child = spawn("npm", ["run", "--silent", script], {
    stdio: prefixed ? ["ignore", "pipe", "pipe"] : "inherit",
    env: process.env,
  })
  if (prefixed) {
    for (const [stream, out] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      readline.createInterface({ input: stream }).on("line", (line) => out.write(`[${script}] ${line}\n`))
    }
  }
  return new Promise((resolve) => {
    child.on("close", (code, signal) => resolve({ script, code: code ?? (signal ? 1 : 0), seconds: (Date.now() - started) / 1000 }))
  })
}

async function main() {
  const started = Date.now()
  const results = []
  let failed
  for (const step of STEPS) {
    const stepStarted = Date.now()
    const outcomes = await Promise.all(step.map((script) => run(script, step.length > 1)))
    results.push({ step, outcomes, seconds: (Date.now() - stepStarted) / 1000 })
    failed = outcomes.find((outcome) => outcome.code !== 0)
    if (failed) break
  }
  const minutes = (seconds) => `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`
  process.stdout.write("\nnpm test, by step:\n")
  for (const { outcomes, seconds } of results) {
    const names = outcomes.map((outcome) => `${outcome.script}${outcome.code ? " FAILED" : ""}${outcomes.length > 1 ? ` ${minutes(outcome.seconds)}` : ""}`)
    process.stdout.write(`  ${minutes(seconds).padStart(12)}  ${names.join(" beside ")}\n`)
  }
  process.stdout.write(`  ${minutes((Date.now() - started) / 1000).padStart(12)}  in all\n`)
  if (failed) {
    process.stderr.write(`npm test: ${failed.script} failed (exit code ${failed.code})\n`)
    process.exit(failed.code || 1)
  }
}

main().catch((error) => {
  process.stderr.write(`npm test: ${error.stack ?? error}\n`)
  process.exit(1)
})
