#!/usr/bin/env node
// `npm test`: every test tier, as CI runs it (.ci/run), then how long each took.
// The steps run one after another and stop at the first failure; the scripts of one step run
// side by side, each line of their output prefixed with its script's name, and the table at the
// end gives each step's time and how busy the machine's CPUs were meanwhile (docs/testing.md
// "How long it takes"). Alone, no tier kept both cores busy (contract 30%, unit and the layout
// check 63%, the cluster tier 62%, the browser tests 83%), so tiers share steps:
// - the build, the layout check, the unit and the contract tests (none reads the build);
// - the integration tier (three files at a time) beside the compatibility tests (npm installs
//   from the registry, then one purchase) and the soak (whose verdict is its violations, not
//   its pace): 97% busy;
// - the cluster tier beside the browser tests: 95% busy;
// - the packaging check (check:package, after the build it reads) in the second step.
// - the unit and contract tests on Node 22 and 24 (test:node-versions, one worker) in the first
//   step, whose tiers are light; the compatibility store runs on Node 20, 22 and 24 in the second.
// The crash cases do not go beside the soak: under its load one missed its 5-second window.
const { spawn } = require("node:child_process")
const { readFileSync } = require("node:fs")
const readline = require("node:readline")

/** npm scripts of package.json, in order; an inner list runs side by side. */
const STEPS = [
  ["build", "check:layout", "lint", "test:unit", "test:contract", "test:node-versions"],
  ["test:integration", "test:compat", "test:soak", "check:package"],
  ["test:multi-instance", "test:e2e"],
]

/**
 * Runs `npm run <script>` under a shell that, once npm is done, writes its own /proc stat line
 * to file descriptor 3: the CPU time of every process it waited for, npm and jest's workers and
 * the stores they started among them (not PostgreSQL's, whose backends are the server's).
 */
const WITH_CPU = 'npm run --silent "$0"; code=$?; cat /proc/$$/stat >&3 2>/dev/null; exit $code'

/**
 * The tiers' environment: PostgreSQL commits without waiting for the disk (every connection the
 * tests, the stores and the soak open reads PGOPTIONS): the tiers' commits wait on the write-ahead
 * log's flush otherwise, and a lost commit matters only if PostgreSQL itself crashes mid-run. Set
 * PGOPTIONS to run them with other settings.
 */
const TIER_ENV = { ...process.env, PGOPTIONS: process.env.PGOPTIONS ?? "-c synchronous_commit=off" }

/** Runs `npm run <script>`; resolves with its exit code, seconds taken and CPU seconds used. */
function run(script, prefixed) {
  const started = Date.now()
  const child = spawn("sh", ["-c", WITH_CPU, script], {
    stdio: prefixed ? ["ignore", "pipe", "pipe", "pipe"] : ["inherit", "inherit", "inherit", "pipe"],
    env: TIER_ENV,
  })
  let stat = ""
  child.stdio[3].on("data", (chunk) => (stat += chunk))
  if (prefixed) {
    for (const [stream, out] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      readline.createInterface({ input: stream }).on("line", (line) => out.write(`[${script}] ${line}\n`))
    }
  }
  return new Promise((resolve) => {
    child.on("close", (code, signal) =>
      resolve({ script, code: code ?? (signal ? 1 : 0), seconds: (Date.now() - started) / 1000, cpuSeconds: childrenCpuSeconds(stat) }),
    )
  })
}

/**
 * The CPU seconds of a process's waited-for children from its /proc stat line (cutime and
 * cstime, fields 16 and 17, in clock ticks of 1/100 s on Linux), or undefined without one.
 */
function childrenCpuSeconds(stat) {
  const fields = stat
    .slice(stat.lastIndexOf(")") + 2)
    .trim()
    .split(/\s+/)
  const ticks = Number(fields[13]) + Number(fields[14])
  return Number.isFinite(ticks) ? ticks / 100 : undefined
}

/**
 * The whole machine's CPU time so far in clock ticks, busy and in all (/proc/stat's first line;
 * idle and I/O wait are not busy), or undefined where there is no /proc/stat. A step's share of
 * busy ticks says whether its scripts wait (room for more beside them) or compute.
 */
function machineCpu() {
  try {
    const ticks = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1).map(Number)
    const total = ticks.reduce((sum, value) => sum + value, 0)
    return { busy: total - ticks[3] - (ticks[4] ?? 0), total }
  } catch {
    return undefined
  }
}

/** The machine's busy share between two readings of machineCpu, as "63% busy", or "" without them. */
function busyShare(before, after) {
  if (!before || !after || after.total === before.total) return ""
  return `${Math.round((100 * (after.busy - before.busy)) / (after.total - before.total))}% busy`
}

async function main() {
  const started = Date.now()
  const results = []
  let failed
  for (const step of STEPS) {
    const stepStarted = Date.now()
    const cpuBefore = machineCpu()
    const outcomes = await Promise.all(step.map((script) => run(script, step.length > 1)))
    results.push({ step, outcomes, seconds: (Date.now() - stepStarted) / 1000, busy: busyShare(cpuBefore, machineCpu()) })
    failed = outcomes.find((outcome) => outcome.code !== 0)
    if (failed) break
  }
  const minutes = (seconds) => `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`
  process.stdout.write("\nnpm test, by step:\n")
  for (const { outcomes, seconds, busy } of results) {
    const cpu = (outcome) => (outcome.cpuSeconds === undefined ? "" : `, ${Math.round(outcome.cpuSeconds)} CPU-s`)
    const names = outcomes.map(
      (outcome) => `${outcome.script}${outcome.code ? " FAILED" : ""} (${minutes(outcome.seconds)}${cpu(outcome)})`,
    )
    process.stdout.write(`  ${minutes(seconds).padStart(12)}  ${busy.padStart(9)}  ${names.join(" beside ")}\n`)
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
