import { existsSync, mkdirSync, readFileSync } from "node:fs"
import http from "node:http"
import path from "node:path"
import { DEFAULT_SANDBOX_ACCOUNTS, startSandbox, type SandboxLedger } from "../../src/sandbox"
import { Admin } from "./admin"
import { crashAndFlush, injectFaults, type ChaosCounts } from "./chaos"
import { check, describeViolation, toMinor, type CheckInput, type Violation } from "./checker"
import { Deployment } from "./deployment"
import { History } from "./history"
import { sleep } from "./http"
import { readMedusaRecords } from "./medusa-records"
import { Prng } from "./prng"
import { shop } from "./shopper"

/**
 * The chaos soak (issue 28, docs/operations.md "Chaos soak"): a real deployment driven for
 * `minutes` by seeded random shoppers, admins, sandbox faults, crashes and Redis flushes, then
 * checked. `npm run soak -- --minutes 3 --seed 28 [--checkouts-per-minute 20]`.
 */
export interface SoakOptions {
  minutes: number
  seed: number
  checkoutsPerMinute: number
  /** Chance per second that an endpoint with no fault waiting gets one. */
  faultRate: number
  /** Mean seconds between crashes (or flushes). */
  crashEverySeconds: number
  flushEverySeconds: number
  /** How long after the actors stop the checker waits for completion and repair jobs. */
  settleSeconds: number
  keepDatabase: boolean
  sandboxPort: number
  firstStorePort: number
  redisUrl: string
  databaseUrl: string
  logDir: string
  log: (line: string) => void
}

export const DEFAULT_SOAK_OPTIONS: Omit<SoakOptions, "seed" | "minutes" | "log" | "logDir"> = {
  checkoutsPerMinute: 20,
  faultRate: 0.3,
  crashEverySeconds: 45,
  flushEverySeconds: 75,
  settleSeconds: 240,
  keepDatabase: false,
  sandboxPort: 4950,
  firstStorePort: 4951,
  redisUrl: "redis://127.0.0.1:6379/11",
  databaseUrl: "postgres://postgres@localhost:5432/bnpl_soak",
}

export interface SoakResult {
  seed: number
  violations: Violation[]
  figures: Record<string, unknown>
}

const percentile = (values: number[], p: number) => {
  if (!values.length) return 0
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}

/** Access tokens the sandbox issues in this process: secrets the logs must never hold. */
function watchIssuedTokens(sandboxPort: number, tokens: Set<string>): () => void {
  const originalEnd = http.ServerResponse.prototype.end
  http.ServerResponse.prototype.end = function patchedEnd(this: http.ServerResponse, ...args: unknown[]) {
    const chunk = args[0]
    if (chunk && typeof chunk !== "function" && this.req?.socket?.localPort === sandboxPort) {
      const body = typeof chunk === "string" ? chunk : Buffer.isBuffer(chunk) ? chunk.toString("utf8") : ""
      const token = /"access_token":"([^"]+)"/.exec(body)?.[1]
      if (token) tokens.add(token)
    }
    return (originalEnd as (...a: unknown[]) => http.ServerResponse).apply(this, args)
  } as typeof http.ServerResponse.prototype.end
  return () => {
    http.ServerResponse.prototype.end = originalEnd
  }
}

export async function runSoak(options: SoakOptions): Promise<SoakResult> {
  const { log } = options
  const rng = new Prng(options.seed)
  log(`soak: seed ${options.seed}, ${options.minutes} min, ${options.checkoutsPerMinute} checkouts/min, fault rate ${options.faultRate}/endpoint/s`)
  mkdirSync(options.logDir, { recursive: true })
  const tokens = new Set<string>()
  const unwatch = watchIssuedTokens(options.sandboxPort, tokens)
  const sandbox = await startSandbox({ port: options.sandboxPort })
  const deployment = new Deployment({
    databaseUrl: options.databaseUrl,
    redisUrl: options.redisUrl,
    sandboxUrl: sandbox.url,
    ports: { "server-a": options.firstStorePort, "server-b": options.firstStorePort + 1, worker: options.firstStorePort + 2 },
    logDir: options.logDir,
    jobSchedule: "*/10 * * * * *",
    log,
  })
  const history = new History()
  const counts: ChaosCounts = { faultsArmed: {}, kills: {}, flushes: 0 }
  const orders = new Set<string>()
  const waits: number[] = []
  try {
    await deployment.start()
    sandbox.control.reset()
    history.startClock()
    log(`soak: deployment up (sandbox ${sandbox.url}, logs in ${options.logDir})`)

    const startedAt = Date.now()
    const deadline = startedAt + options.minutes * 60_000
    const over = () => Date.now() >= deadline
    const liveServers = () => deployment.liveServers()

    // Shoppers: one started every 60/K seconds (jittered), at most 8 at once.
    const shopping: Array<Promise<void>> = []
    let inFlight = 0
    let shoppers = 0
    const dispatch = (async () => {
      const gapMs = 60_000 / options.checkoutsPerMinute
      while (!over()) {
        if (inFlight < 8) {
          shoppers += 1
          inFlight += 1
          const actor = `shopper-${shoppers}`
          shopping.push(
            shop(actor, rng.fork(shoppers), { seed: deployment.seed, history, liveServers, orders, waits })
              .catch((error) => void history.add({ actor, step: "journey", result: `driver error: ${(error as Error).message}` }))
              .finally(() => (inFlight -= 1))
          )
        }
        await sleep(gapMs * (0.5 + rng.next()))
      }
    })()
    const admins = [1, 2].map(async (n) => {
      const admin = new Admin(`admin-${n}`, rng.fork(1_000_000 + n), { history, liveServers, orders, login: deployment.seed.admin })
      const pause = rng.fork(2_000_000 + n)
      while (!over()) {
        await admin.act().catch((error) => void history.add({ actor: `admin-${n}`, step: "act", result: `driver error: ${(error as Error).message}` }))
        await sleep(pause.int(1_000, 4_000))
      }
    })
    const faults = injectFaults(sandbox, rng.fork(3_000_000), options.faultRate, over, counts)
    const chaos = crashAndFlush(
      deployment,
      history,
      rng.fork(4_000_000),
      { meanGapSeconds: options.crashEverySeconds, flushEverySeconds: options.flushEverySeconds },
      over,
      counts
    )
    const progress = setInterval(() => {
      const minute = Math.round((Date.now() - startedAt) / 60_000)
      log(`soak: +${minute} min: ${shoppers} shoppers, ${orders.size} orders seen, ${history.steps.length} steps, servers up: ${liveServers().length}`)
    }, 60_000)
    await Promise.all([dispatch, ...admins, faults, chaos])
    await Promise.all(shopping)
    clearInterval(progress)

    // Quiet: faults cleared, every process up; the worker restarted so its schedules exist again
    // after a flush (BullMQ keeps them in Redis); then the jobs get time to complete and repair.
    const remaining = sandbox.control.faults()
    sandbox.control.clearFaults()
    log(`soak: actors stopped after ${shoppers} shoppers; settling (up to ${options.settleSeconds} s)`)
    await Promise.all((["server-a", "server-b", "worker"] as const).map((name) => deployment.startProcess(name)))
    await deployment.restart("worker")

    const secrets = [
      ...DEFAULT_SANDBOX_ACCOUNTS.flatMap((account) => [account.secretKey, Buffer.from(`${account.merchantId}:${account.secretKey}`).toString("base64")]),
    ]
    const gather = async (): Promise<CheckInput> => {
      const ledger = sandbox.control.ledger()
      const medusa = await readMedusaRecords(deployment.databaseUrl)
      const logs = deployment.logFiles.filter(existsSync).map((file) => ({ file: path.relative(options.logDir, file), text: readFileSync(file, "utf8") }))
      return { seed: options.seed, ledger, medusa, history: history.steps, logs, secrets: [...secrets, ...tokens] }
    }
    const settleUntil = Date.now() + options.settleSeconds * 1_000
    let input = await gather()
    let violations = check(input)
    // Only what the jobs can still settle is waited for; a 5xx seen or a secret logged stays.
    const settling = (found: Violation[]) => found.filter((violation) => !["shopper-saw-5xx", "secret-in-log", "money-call-sent-twice"].includes(violation.rule))
    while (settling(violations).length && Date.now() < settleUntil) {
      await sleep(15_000)
      input = await gather()
      violations = check(input)
      log(`soak: settling, ${settling(violations).length} violation(s) the jobs may still settle`)
    }

    for (const violation of violations) log(describeViolation(violation, input))
    const figures = await figuresOf(input, sandbox.control.ledger(), counts, remaining, waits, shoppers, deployment.databaseUrl, violations.length)
    log(`soak: figures (seed ${options.seed}, ${options.minutes} min)\n${JSON.stringify(figures, null, 2)}`)
    log(violations.length ? `soak: ${violations.length} VIOLATION(S); replay with npm run soak -- --minutes ${options.minutes} --seed ${options.seed}` : "soak: 0 violations")
    return { seed: options.seed, violations, figures }
  } finally {
    unwatch()
    await deployment.stop(options.keepDatabase).catch((error) => log(`soak: stopping: ${(error as Error).message}`))
    await sandbox.close()
  }
}

async function figuresOf(
  input: CheckInput,
  ledger: SandboxLedger,
  counts: ChaosCounts,
  remaining: Array<{ endpoint: string; kind: string; status?: number; remaining: number }>,
  waits: number[],
  shoppers: number,
  databaseUrl: string,
  violations: number
): Promise<Record<string, unknown>> {
  const operations: Record<string, string> = {}
  for (const step of input.history) {
    if (step.actor === "chaos") continue
    const ok = step.status === undefined || (step.status >= 200 && step.status < 400)
    const [done, failed] = (operations[step.step] ?? "0 ok, 0 failed").split(", ").map((part) => Number(part.split(" ")[0]))
    operations[step.step] = `${done + (ok ? 1 : 0)} ok, ${failed + (ok ? 0 : 1)} failed`
  }
  const faults: Record<string, number> = {}
  for (const [key, armed] of Object.entries(counts.faultsArmed)) {
    const unused = remaining.filter((fault) => `${fault.endpoint} ${fault.kind === "status" ? `status ${fault.status}` : fault.kind}` === key).reduce((sum, fault) => sum + fault.remaining, 0)
    const kind = key.split(" ").slice(1).join(" ")
    faults[kind] = (faults[kind] ?? 0) + armed - unused
  }
  const total = (entries: Array<{ amount: { amount: string } }>) => {
    const minor = entries.reduce((sum, entry) => sum + toMinor(entry.amount.amount), 0n)
    return `${minor / 100n}.${String(minor % 100n).padStart(2, "0")} GBP`
  }
  const medusa = await readMedusaRecords(databaseUrl)
  return {
    shoppers,
    operations,
    service: {
      checkouts: ledger.checkouts.length,
      approvals: ledger.auths.filter((auth) => auth.status === "APPROVED").length,
      declines: ledger.auths.filter((auth) => auth.status === "DECLINED").length,
      captures: ledger.captures.length,
      refunds: ledger.refunds.length,
      voids: ledger.voids.length,
      requests: ledger.requests,
    },
    faultsInjected: { total: Object.values(faults).reduce((sum, n) => sum + n, 0), byKind: faults },
    crashes: { total: Object.values(counts.kills).reduce((sum, n) => sum + n, 0), byProcess: counts.kills, redisFlushes: counts.flushes },
    orders: { total: medusa.orders, canceled: medusa.canceledOrders },
    moneyMoved: { captured: total(ledger.captures), refunded: total(ledger.refunds), voided: total(ledger.voids) },
    violations,
    shopperWaitMs: { returns: waits.length, p50: percentile(waits, 50), p99: percentile(waits, 99), max: Math.max(0, ...waits) },
  }
}

function parseArguments(argv: string[]): { minutes: number; seed: number; checkoutsPerMinute?: number; keep: boolean } {
  const value = (flag: string) => {
    const index = argv.indexOf(flag)
    return index >= 0 ? argv[index + 1] : undefined
  }
  const number = (flag: string, fallback: number | undefined, min: number, max: number) => {
    const text = value(flag)
    if (text === undefined) return fallback
    const parsed = Number(text)
    if (!Number.isInteger(parsed) || parsed < min || parsed > max) throw new Error(`${flag} must be a whole number from ${min} to ${max}, got ${JSON.stringify(text)}`)
    return parsed
  }
  return {
    minutes: number("--minutes", 3, 1, 240)!,
    seed: number("--seed", Math.floor(Math.random() * 2 ** 31), 0, 2 ** 32 - 1)!,
    checkoutsPerMinute: number("--checkouts-per-minute", undefined, 1, 240),
    keep: argv.includes("--keep-database"),
  }
}

if (require.main === module) {
  const args = parseArguments(process.argv.slice(2))
  const logDir = path.resolve(__dirname, `../../test-output/soak/${args.seed}-${Date.now()}`)
  runSoak({
    ...DEFAULT_SOAK_OPTIONS,
    minutes: args.minutes,
    seed: args.seed,
    ...(args.checkoutsPerMinute ? { checkoutsPerMinute: args.checkoutsPerMinute } : {}),
    keepDatabase: args.keep,
    logDir,
    log: (line) => console.log(line),
  })
    .then((result) => process.exit(result.violations.length ? 1 : 0))
    .catch((error) => {
      console.error(error)
      process.exit(2)
    })
}
