import { mkdirSync, writeFileSync } from "node:fs"
import http from "node:http"
import path from "node:path"
import { OutageProxy } from "../../harness/outage-proxy"
import { isNarrowingVoid } from "../../src/payments/request-ids"
import { DEFAULT_SANDBOX_ACCOUNTS, startSandbox, type SandboxLedger } from "../../src/sandbox"
import { Admin } from "./admin"
import { crashAndFlush, faultsInjected, injectFaults, type ChaosCounts } from "./chaos"
import {
  check,
  checkWhileRunning,
  describeViolation,
  RULES_AT_ANY_MOMENT,
  toMinor,
  violationKey,
  type CheckInput,
  type Violation,
} from "./checker"
import { Deployment, STOREFRONT_URL } from "./deployment"
import type { ExpressConsumer } from "./express-shopper"
import { History } from "./history"
import { sleep } from "./http"
import { LogReader } from "./logs"
import { readMedusaRecords } from "./medusa-records"
import { noOutages, OUTAGE_KINDS, planOutages, runOutages, type OutageCounts, type OutageKind } from "./outages"
import { Prng } from "./prng"
import { shop } from "./shopper"

/**
 * The chaos soak (issue 28, docs/operations.md "Chaos soak"): a real deployment driven for
 * `minutes` by seeded random shoppers, admins, sandbox faults, crashes and Redis flushes, then
 * checked every minute (the rules that hold at any moment) and at the end (all of them).
 * `npm run soak -- --minutes 3 --seed 28` (flags: parseArguments).
 */
export interface SoakOptions {
  minutes: number
  seed: number
  checkoutsPerMinute: number
  /** Shoppers in their visit at once, at most (a new one waits for a place). */
  shoppersAtOnce: number
  admins: number
  /** Pause between one admin's actions, ms (drawn between half and one and a half times this). */
  adminPauseMs: number
  /** The share of calls to each endpoint that meet a fault (chaos.ts FAULTED_ENDPOINTS; at most `faultQueue` waiting per endpoint). */
  faultRate: number
  faultQueue: number
  /** Mean seconds between crashes (or flushes). */
  crashEverySeconds: number
  flushEverySeconds: number
  /** Outages of each kind (PostgreSQL, Redis, the service; outages.ts); default one per 3 minutes of the run, 0 for none. */
  outagesPerKind?: number
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
  checkoutsPerMinute: 45,
  shoppersAtOnce: 16,
  admins: 3,
  adminPauseMs: 1_500,
  faultRate: 0.35,
  faultQueue: 2,
  crashEverySeconds: 80,
  flushEverySeconds: 240,
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
  log(
    `soak: seed ${options.seed}, ${options.minutes} min, ${options.checkoutsPerMinute} checkouts/min (at most ${options.shoppersAtOnce} at once), ` +
      `${options.admins} admins, faults on ${options.faultRate * 100}% of calls (queue ${options.faultQueue}), a crash or flush every ${options.crashEverySeconds} s`,
  )
  mkdirSync(options.logDir, { recursive: true })
  const tokens = new Set<string>()
  const unwatch = watchIssuedTokens(options.sandboxPort, tokens)
  // Strict: the plugin must not send what the service merely tolerates (docs/sandbox.md "Strict or as the service").
  const sandbox = await startSandbox({ port: options.sandboxPort, strictRequests: true })
  // The processes reach PostgreSQL, Redis and the service through proxies the soak owns, so an
  // outage cuts only this deployment off (the machine's servers are shared with other runs).
  const proxies: Record<OutageKind, OutageProxy> = {
    postgres: OutageProxy.forUrl(options.databaseUrl, "PostgreSQL"),
    redis: OutageProxy.forUrl(options.redisUrl, "Redis"),
    service: OutageProxy.forUrl(sandbox.url, "the service"),
  }
  for (const proxy of Object.values(proxies)) await proxy.listen()
  const deployment = new Deployment({
    databaseUrl: options.databaseUrl,
    redisUrl: options.redisUrl,
    sandboxUrl: proxies.service.urlThrough(sandbox.url),
    through: { database: (url) => proxies.postgres.urlThrough(url), redis: (url) => proxies.redis.urlThrough(url) },
    ports: { "server-a": options.firstStorePort, "server-b": options.firstStorePort + 1, worker: options.firstStorePort + 2 },
    logDir: options.logDir,
    jobSchedule: "*/5 * * * * *",
    log,
  })
  const history = new History()
  const expressConsumer: ExpressConsumer = {
    addresses: () => sandbox.control.expressAddresses(),
    confirm: (token, body) => void sandbox.control.confirmExpressCheckout(token, body),
    cancel: (token) => void sandbox.control.cancelExpressCheckout(token),
  }
  const counts: ChaosCounts = { faultsArmed: {}, kills: {}, flushes: 0 }
  const outageCounts: OutageCounts = noOutages()
  const plannedOutages = planOutages(rng.fork(5_000_000), options.minutes, options.outagesPerKind)
  log(
    `soak: outages ${plannedOutages.map((outage) => `${outage.kind} at +${Math.round(outage.startMs / 1_000)} s for ${outage.durationMs / 1_000} s`).join(", ") || "none"}`,
  )
  const orders = new Set<string>()
  const waits: number[] = []
  const logs = new LogReader(options.logDir)
  const secrets = DEFAULT_SANDBOX_ACCOUNTS.flatMap((account) => [
    account.secretKey,
    Buffer.from(`${account.merchantId}:${account.secretKey}`).toString("base64"),
  ])
  // The logs are read once, a piece at a time; the rules that hold at any moment are checked on each piece.
  const found = new Map<string, Violation & { minute: number }>()
  const gather = async (): Promise<CheckInput & { ledger: SandboxLedger }> => {
    const ledger = sandbox.control.ledger()
    const medusa = await readMedusaRecords(deployment.databaseUrl)
    const newLines = logs.readNew(deployment.logFiles)
    // Tokens read after the lines: a token a line holds was issued before the line was written.
    return { seed: options.seed, ledger, medusa, history: history.steps, logs: newLines, secrets: [...secrets, ...tokens] }
  }
  const remember = (violations: Violation[], minute: number) => {
    for (const violation of violations) {
      if (found.has(violationKey(violation))) continue
      found.set(violationKey(violation), { ...violation, minute })
      if (minute >= 0) log(`soak: +${minute} min: ${describeViolation(violation, { seed: options.seed, history: history.steps })}`)
    }
  }
  try {
    const setupStarted = Date.now()
    await deployment.start()
    sandbox.control.reset()
    history.startClock()
    log(`soak: deployment up in ${Math.round((Date.now() - setupStarted) / 1000)} s (sandbox ${sandbox.url}, logs in ${options.logDir})`)

    const startedAt = Date.now()
    const deadline = startedAt + options.minutes * 60_000
    const over = () => Date.now() >= deadline
    const liveServers = () => deployment.liveServers()

    // Shoppers: one started every 60/K seconds (jittered), at most `shoppersAtOnce` at once.
    const shopping: Array<Promise<void>> = []
    let inFlight = 0
    let shoppers = 0
    const dispatch = (async () => {
      const gapMs = 60_000 / options.checkoutsPerMinute
      while (!over()) {
        if (inFlight < options.shoppersAtOnce) {
          shoppers += 1
          inFlight += 1
          const actor = `shopper-${shoppers}`
          shopping.push(
            shop(actor, rng.fork(shoppers), {
              seed: deployment.seed,
              history,
              liveServers,
              orders,
              waits,
              expressConsumer,
              storefrontOrigin: new URL(STOREFRONT_URL).origin,
            })
              .catch((error) => void history.add({ actor, step: "journey", result: `driver error: ${(error as Error).message}` }))
              .finally(() => (inFlight -= 1)),
          )
        }
        await sleep(gapMs * (0.5 + rng.next()))
      }
    })()
    const admins = Array.from({ length: options.admins }, (_, index) => index + 1).map(async (n) => {
      const admin = new Admin(`admin-${n}`, rng.fork(1_000_000 + n), {
        history,
        liveServers,
        orders,
        login: deployment.seed.admin,
        stockLocationId: deployment.seed.stockLocationId,
        exchangeVariants: [deployment.seed.variants.tote, deployment.seed.variants.teaTowel],
      })
      const pause = rng.fork(2_000_000 + n)
      while (!over()) {
        await admin
          .act()
          .catch((error) => void history.add({ actor: `admin-${n}`, step: "act", result: `driver error: ${(error as Error).message}` }))
        await sleep(pause.int(options.adminPauseMs / 2, options.adminPauseMs * 1.5))
      }
    })
    const faults = injectFaults(sandbox, rng.fork(3_000_000), { rate: options.faultRate, queue: options.faultQueue }, over, counts)
    const chaos = crashAndFlush(
      deployment,
      history,
      rng.fork(4_000_000),
      { meanGapSeconds: options.crashEverySeconds, flushEverySeconds: options.flushEverySeconds },
      over,
      counts,
    )
    const outages = runOutages(proxies, plannedOutages, startedAt, history, over, outageCounts)
    // Every minute: progress, and the rules that hold at any moment (the approval and money rules wait for the end).
    let checking = Promise.resolve()
    const progress = setInterval(() => {
      const minute = Math.round((Date.now() - startedAt) / 60_000)
      checking = checking
        .then(async () => {
          const input = await gather()
          remember(checkWhileRunning(input), minute)
          const ledger = input.ledger
          log(
            `soak: +${minute} min: ${shoppers} shoppers, ${ledger.checkouts.length} checkouts, ${orders.size} orders seen, ` +
              `${ledger.captures.length} captures, ${ledger.refunds.length} refunds, ${ledger.voids.length} voids, ` +
              `${faultsInjected(counts, sandbox.control.faults())} faults, ${Object.values(counts.kills).reduce((a, b) => a + b, 0)} crashes, ` +
              `outages ${OUTAGE_KINDS.map((kind) => `${kind} ${outageCounts.outages[kind]}${proxies[kind].isCut ? " (now)" : ""}`).join(", ")}, ` +
              `${found.size} violation(s), servers up: ${liveServers().length}`,
          )
        })
        .catch((error) => log(`soak: +${minute} min: check failed: ${(error as Error).message}`))
    }, 60_000)
    await Promise.all([dispatch, ...admins, faults, chaos, outages])
    for (const proxy of Object.values(proxies)) proxy.restore()
    // Quiet: faults cleared; the shoppers still in their visit get a little while to finish
    // (their steps still reach the history after that), every process up; the worker restarted
    // when a flush took its schedules (BullMQ keeps them in Redis); then the jobs get time to
    // complete and repair.
    const remaining = sandbox.control.faults()
    sandbox.control.clearFaults()
    const stoppedAt = Date.now()
    await Promise.race([Promise.all(shopping), sleep(30_000)])
    clearInterval(progress)
    await checking
    log(`soak: actors stopped after ${shoppers} shoppers; settling (up to ${options.settleSeconds} s)`)
    await Promise.all((["server-a", "server-b", "worker"] as const).map((name) => deployment.startProcess(name)))
    if (deployment.workerLostItsSchedules()) await deployment.restart("worker")

    // Only what the jobs can still settle is waited for (the approval and money rules); the
    // rules that hold at any moment were checked on every piece of the logs as it came.
    const settleUntil = Date.now() + options.settleSeconds * 1_000
    let input = await gather()
    let settling = check(input)
    remember(checkWhileRunning(input), options.minutes)
    const toSettle = (violations: Violation[]) => violations.filter((violation) => !RULES_AT_ANY_MOMENT.includes(violation.rule))
    while (toSettle(settling).length && Date.now() < settleUntil) {
      await sleep(5_000)
      input = await gather()
      remember(checkWhileRunning(input), options.minutes)
      settling = check(input)
      log(`soak: settling, ${toSettle(settling).length} violation(s) the jobs may still settle`)
    }
    log(`soak: settled in ${Math.round((Date.now() - stoppedAt) / 1000)} s`)
    const violations = [...found.values(), ...toSettle(settling)]
    for (const violation of toSettle(settling)) log(describeViolation(violation, input))
    // What the checker read, beside the logs, so a violation can be looked into after the run.
    writeFileSync(path.join(options.logDir, "ledger.json"), JSON.stringify(input.ledger, null, 1))
    writeFileSync(path.join(options.logDir, "history.json"), JSON.stringify(history.steps, null, 1))
    writeFileSync(
      path.join(options.logDir, "medusa.json"),
      JSON.stringify(input.medusa, (_, value) => (typeof value === "bigint" ? value.toString() : value), 1),
    )
    const figures = await figuresOf(
      input,
      sandbox.control.ledger(),
      counts,
      remaining,
      waits,
      shoppers,
      deployment.databaseUrl,
      violations.length,
      outageCounts,
    )
    log(`soak: figures (seed ${options.seed}, ${options.minutes} min)\n${JSON.stringify(figures, null, 2)}`)
    log(
      violations.length
        ? `soak: ${violations.length} VIOLATION(S); replay with npm run soak -- --minutes ${options.minutes} --seed ${options.seed}`
        : "soak: 0 violations",
    )
    return { seed: options.seed, violations, figures }
  } finally {
    unwatch()
    for (const proxy of Object.values(proxies)) proxy.restore()
    await deployment.stop(options.keepDatabase).catch((error) => log(`soak: stopping: ${(error as Error).message}`))
    for (const proxy of Object.values(proxies)) await proxy.close()
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
  violations: number,
  outageCounts: OutageCounts,
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
    const unused = remaining
      .filter((fault) => `${fault.endpoint} ${fault.kind === "status" ? `status ${fault.status}` : fault.kind}` === key)
      .reduce((sum, fault) => sum + fault.remaining, 0)
    const kind = key.split(" ").slice(1).join(" ")
    faults[kind] = (faults[kind] ?? 0) + armed - unused
  }
  // Per currency: the account that moved it says which.
  const currencyOf = (merchantId?: string) =>
    DEFAULT_SANDBOX_ACCOUNTS.find((account) => account.merchantId === merchantId || account.formerMerchantIds?.includes(merchantId ?? ""))
      ?.currency ?? "?"
  const total = (entries: Array<{ merchantId?: string; amount: { amount: string } }>) => {
    const sums = new Map<string, bigint>()
    for (const entry of entries)
      sums.set(currencyOf(entry.merchantId), (sums.get(currencyOf(entry.merchantId)) ?? 0n) + toMinor(entry.amount.amount))
    return [...sums].map(([currency, minor]) => `${minor / 100n}.${String(minor % 100n).padStart(2, "0")} ${currency}`).join(", ") || "0.00"
  }
  const medusa = await readMedusaRecords(databaseUrl)
  return {
    shoppers,
    operations,
    service: {
      checkouts: ledger.checkouts.length,
      checkoutsByAccount: Object.fromEntries(
        DEFAULT_SANDBOX_ACCOUNTS.map((account) => [
          account.region,
          ledger.checkouts.filter((checkout) => currencyOf(checkout.merchantId) === account.currency).length,
        ]),
      ),
      courierUpdates: ledger.courierUpdates.length,
      approvals: ledger.auths.filter((auth) => auth.status === "APPROVED").length,
      declines: ledger.auths.filter((auth) => auth.status === "DECLINED").length,
      captures: ledger.captures.length,
      refunds: ledger.refunds.length,
      voids: ledger.voids.length,
      // Voids of the difference an order change no longer needs (issue 44).
      narrowingVoids: ledger.voids.filter((entry) => entry.requestId && isNarrowingVoid(entry.requestId)).length,
      requests: ledger.requests,
    },
    faultsInjected: { total: Object.values(faults).reduce((sum, n) => sum + n, 0), byKind: faults },
    crashes: { total: Object.values(counts.kills).reduce((sum, n) => sum + n, 0), byProcess: counts.kills, redisFlushes: counts.flushes },
    outages: { byKind: outageCounts.outages, secondsByKind: outageCounts.outageSeconds },
    orders: {
      total: medusa.orders,
      canceled: medusa.canceledOrders,
      // Orders an edit or exchange moved the approval of to a new payment (or released it).
      approvalCarried: new Set(
        medusa.payments.filter((payment) => payment.carriedApprovalId && payment.orderId).map((payment) => payment.orderId),
      ).size,
    },
    moneyMoved: { captured: total(ledger.captures), refunded: total(ledger.refunds), voided: total(ledger.voids) },
    violations,
    shopperWaitMs: { returns: waits.length, p50: percentile(waits, 50), p99: percentile(waits, 99), max: Math.max(0, ...waits) },
  }
}

/**
 * The command line: `--minutes N` (default 3), `--seed S` (default random, printed),
 * `--checkouts-per-minute K`, `--shoppers-at-once N`, `--admins N`, `--admin-pause-ms MS`,
 * `--fault-rate R` (0..1), `--fault-queue N`, `--crash-every S`, `--outages-per-kind N` (0: none), `--settle-seconds S`, `--keep-database`,
 * `--port P` (the sandbox's port; the two servers and the worker take the next three) and `--redis-url URL`
 * (a Redis database of the soak's own: it is flushed), so a second soak or a CI run can go beside this one.
 * @throws Error naming the flag and its allowed values.
 */
export function parseArguments(argv: string[]): Partial<SoakOptions> & { minutes: number; seed: number } {
  const value = (flag: string) => {
    const index = argv.indexOf(flag)
    return index >= 0 ? argv[index + 1] : undefined
  }
  const number = (flag: string, min: number, max: number, whole = true) => {
    const text = value(flag)
    if (text === undefined) return undefined
    const parsed = Number(text)
    if (!Number.isFinite(parsed) || (whole && !Number.isInteger(parsed)) || parsed < min || parsed > max) {
      throw new Error(`${flag} must be ${whole ? "a whole number" : "a number"} from ${min} to ${max}, got ${JSON.stringify(text)}`)
    }
    return parsed
  }
  const given = {
    checkoutsPerMinute: number("--checkouts-per-minute", 1, 600),
    shoppersAtOnce: number("--shoppers-at-once", 1, 100),
    admins: number("--admins", 0, 20),
    adminPauseMs: number("--admin-pause-ms", 0, 60_000),
    faultRate: number("--fault-rate", 0, 1, false),
    faultQueue: number("--fault-queue", 1, 100),
    crashEverySeconds: number("--crash-every", 2, 3_600),
    outagesPerKind: number("--outages-per-kind", 0, 1_000),
    settleSeconds: number("--settle-seconds", 0, 3_600),
  }
  const port = number("--port", 1_024, 65_532)
  const redisUrl = value("--redis-url")
  if (redisUrl !== undefined && !/^rediss?:\/\/[^\s]+\/\d+$/.test(redisUrl)) {
    throw new Error(`--redis-url must be a redis:// URL ending in a database number (it is flushed), got ${JSON.stringify(redisUrl)}`)
  }
  return {
    ...(port !== undefined ? { sandboxPort: port, firstStorePort: port + 1 } : {}),
    ...(redisUrl !== undefined ? { redisUrl } : {}),
    ...Object.fromEntries(Object.entries(given).filter(([, given]) => given !== undefined)),
    minutes: number("--minutes", 1, 240) ?? 3,
    seed: number("--seed", 0, 2 ** 32 - 1) ?? Math.floor(Math.random() * 2 ** 31),
    ...(argv.includes("--keep-database") ? { keepDatabase: true } : {}),
  }
}

if (require.main === module) {
  const args = parseArguments(process.argv.slice(2))
  const logDir = path.resolve(__dirname, `../../test-output/soak/${args.seed}-${Date.now()}`)
  runSoak({ ...DEFAULT_SOAK_OPTIONS, ...args, logDir, log: (line) => console.log(line) })
    .then((result) => process.exit(result.violations.length ? 1 : 0))
    .catch((error) => {
      console.error(error)
      process.exit(2)
    })
}
