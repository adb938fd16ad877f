#!/usr/bin/env node
// `node scripts/run-together.js <npm script> <npm script> ...`: runs the npm scripts at the same
// time and fails if any of them fails, after all have ended (so a CI log shows every result).
// `npm test` runs the deployments tier and the soak this way: the cluster test spends minutes
// waiting for a dead server's lock to expire, time the soak's fixed 3 minutes can use. Each
// line is prefixed with its script's name, so the two outputs can be told apart.
const { spawn } = require("node:child_process")
const readline = require("node:readline")

const names = process.argv.slice(2)
if (names.length === 0) {
  console.error("usage: node scripts/run-together.js <npm script> [<npm script> ...]")
  process.exit(2)
}

function run(name) {
  const started = Date.now()
  const child = spawn("npm", ["run", "--silent", name], { stdio: ["ignore", "pipe", "pipe"] })
  for (const [stream, out] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ]) {
    readline.createInterface({ input: stream, crlfDelay: Infinity }).on("line", (line) => out.write(`[${name}] ${line}\n`))
  }
  return new Promise((resolve) => {
    const seconds = () => Math.round((Date.now() - started) / 1000)
    child.once("error", (error) => resolve({ name, ok: false, outcome: error.message, seconds: seconds() }))
    child.once("close", (code, signal) => resolve({ name, ok: code === 0, outcome: signal ? `signal ${signal}` : `exit ${code}`, seconds: seconds() }))
  })
}

Promise.all(names.map(run)).then((results) => {
  for (const { name, ok, outcome, seconds } of results) console.log(`run-together: ${name} ${ok ? "passed" : `FAILED (${outcome})`} in ${seconds} s`)
  process.exit(results.every((result) => result.ok) ? 0 : 1)
})
