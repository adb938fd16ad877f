import os from "node:os"
import { stopAllChildren } from "../harness/child-process"
import { startSandbox, type Sandbox } from "../src/sandbox"
import { measureCartComplete } from "./cart-complete"
import { measureClientOverhead } from "./client-overhead"
import { measureExpressShippingOptions, renderExpressOptions } from "./express-options"
import { measureQuietShop, QUIET_SHOP_ROWS } from "./quiet-shop"
import { measureQuietSpells } from "./quiet-spells"
import { TcpProxy } from "../harness/tcp-proxy"
import { measureAtLatency } from "./realistic-latency"
import { renderClientOverhead, renderQuietShop, renderReport, renderRoundTripsOnly, renderThroughput } from "./report"
import { measureScale, renderScale } from "./scale/scale"
import { afterOrderRoundTrips } from "./round-trips"
import { AdminApi, StoreApi } from "./store-api"
import { BENCH_STOREFRONT_ORIGIN, staleBuildWarning, startBenchStore, type BenchStore } from "./store-stack"
import { startSandboxProcess, type SandboxProcess } from "./sandbox-process"
import { processCpuSeconds } from "./store-cpu"
import { checkout, measureThroughput, systemCheckout } from "./throughput"
import { measureTokenBurst } from "./token-burst"
import { measureTelemetryOverhead, renderTelemetryOverhead } from "./telemetry-overhead"
import { measureFirstSession, measureWarmMoney, renderWarmMoney } from "./warm-money"

/**
 * `npm run bench`: the plugin's performance figures in one run, printed as tables with the
 * targets marked met / NOT MET. Needs `npm run build` (the store loads the build) and
 * PostgreSQL on localhost:5432 (user postgres, trust). Starts the sandbox on port 4620
 * (BENCH_SANDBOX_PORT), then: client vs bare axios (section 1) and the OpenTelemetry cost
 * (section 8) against a sandbox in a process of its own on the next port, the token burst
 * against the bench's sandbox alone, and the quiet spells (idle gaps against services that
 * close idle connections); then a real Medusa store (demo/ functions, fresh database medusa_bnpl_bench) for the
 * cart-complete comparison, the round trips per operation, the same comparison with the
 * sandbox answering every call 100 ms late (BENCH_LATENCY_MS) and the checkout throughput.
 * Timings are reported, never asserted: exit code 0 unless something crashes.
 */
/** `npm run bench -- --scale`: the jobs and admin routes at 1,000 to 100,000 orders alone (bench/scale/). */
const SCALE_ONLY = process.argv.includes("--scale")
// The scale run has a sandbox port of its own, so it can run beside a full bench.
const SANDBOX_PORT = Number(process.env.BENCH_SANDBOX_PORT ?? (SCALE_ONLY ? 4720 : 4620))
const OVERHEAD_CALLS = 2000
const BURST = 500
const LEVELS = [1, 10, 50]
/** Idle gaps of the quiet-spell section, in seconds. */
const QUIET_GAPS = (process.env.BENCH_QUIET_GAPS ?? "1,10,70").split(",").map(Number)
/** How long each throughput level keeps starting checkouts. */
const WINDOW_MS = Number(process.env.BENCH_WINDOW_MS ?? 8_000)
/** Section 2b: the sandbox's delay on every API call, in ms (one round trip to the real service). */
const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 100)

/** Section 6: shoppers per row (the cold first one included), and how long each takes to choose. */
const QUIET_SHOPPERS = Number(process.env.BENCH_QUIET_SHOPPERS ?? 6)
const QUIET_THINK_MS = Number(process.env.BENCH_QUIET_THINK_MS ?? 2_000)
/**
 * `npm run bench -- --quiet-shop`: section 6 (and 6b) alone, several minutes of idle gaps;
 * `BENCH_QUIET_SHOP=1` adds it to a full run, which leaves it out by default.
 */
const QUIET_SHOP_ONLY = process.argv.includes("--quiet-shop")
/** Section 6b's rounds (each: two orders per provider); `--warm-money` runs 6b alone, without the quiet-shop rows. */
const WARM_ROUNDS = Number(process.env.BENCH_WARM_ROUNDS ?? 40)
const WARM_MONEY_ONLY = process.argv.includes("--warm-money")
/** `npm run bench -- --round-trips`: section 2's cart completions and the round trips per operation alone. */
const ROUND_TRIPS_ONLY = process.argv.includes("--round-trips")
/** `npm run bench -- --throughput`: section 4 alone, both providers (a store of its own). */
const THROUGHPUT_ONLY = process.argv.includes("--throughput")
/** `npm run bench -- --express`: section 7 alone (a store of its own). */
const EXPRESS_ONLY = process.argv.includes("--express")
/** `npm run bench -- --telemetry`: section 8 alone (the sandbox only, a few seconds). */
const TELEMETRY_ONLY = process.argv.includes("--telemetry")
/** `npm run bench -- --client-overhead`: section 1 alone (the sandbox only, about a minute). */
const CLIENT_OVERHEAD_ONLY = process.argv.includes("--client-overhead")
const WITH_QUIET_SHOP = QUIET_SHOP_ONLY || process.env.BENCH_QUIET_SHOP === "1"
const QUIET_DATABASE_URL = process.env.BENCH_QUIET_DATABASE_URL ?? "postgres://postgres@localhost:5432/medusa_bnpl_bench_quiet"

const started = performance.now()
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(0)} s`
const log = (line: string) => console.log(`[${elapsed().padStart(5)}] ${line}`)

function machine(): string {
  const [one, five] = os.loadavg()
  return [
    `date ${new Date().toISOString()}`,
    `${os.availableParallelism()} CPUs (${os.cpus()[0]?.model.trim() ?? "unknown"})`,
    `${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM`,
    `node ${process.version}`,
    `load ${one.toFixed(2)} / ${five.toFixed(2)} (1 / 5 min)`,
  ].join(", ")
}

/**
 * Runs sections that time the client alone (1 and 8) against a sandbox in a process of its own
 * (bench/sandbox-process.ts), on the port after the bench's sandbox, and stops it after.
 */
async function onSandboxProcess<T>(measure: (sandbox: SandboxProcess) => Promise<T>): Promise<T> {
  const sandbox = await startSandboxProcess(SANDBOX_PORT + 1)
  try {
    return await measure(sandbox)
  } finally {
    await sandbox.stop()
  }
}

async function main(): Promise<void> {
  console.log(`medusa-payment-bnpl bench: ${machine()}`)
  const stale = staleBuildWarning()
  if (stale) console.log(`WARNING: ${stale}`)

  let sandbox: Sandbox | undefined
  let store: BenchStore | undefined
  const stop = async () => {
    await store?.stop().catch(() => {})
    await stopAllChildren().catch(() => {})
    await sandbox?.close().catch(() => {})
  }
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => void stop().then(() => process.exit(130)))
  }

  try {
    sandbox = await startSandbox({ port: SANDBOX_PORT, strictRequests: true })
    if (SCALE_ONLY) {
      const results = await measureScale(sandbox.url, log)
      console.log(`\n${renderScale(results)}\n`)
      console.log(`Total ${elapsed()}. Logs and figures: test-output/bench-scale/. ${machine()}`)
      return
    }
    if (EXPRESS_ONLY) {
      store = await startBenchStore(sandbox.url, (line) => log(`store: ${line}`))
      const api = new StoreApi(store.url, store.seed)
      log(`7. express shipping options at 0 and ${LATENCY_MS} ms…`)
      const rows = await measureExpressShippingOptions(sandbox, api, BENCH_STOREFRONT_ORIGIN, { latencies: [0, LATENCY_MS] })
      console.log(`\n${renderExpressOptions(rows)}\n`)
      console.log(`Total ${elapsed()}. Server logs: test-output/bench/. ${machine()}`)
      return
    }
    if (TELEMETRY_ONLY) {
      log("8. OpenTelemetry: the client without and with an SDK registered…")
      console.log(`\n${renderTelemetryOverhead(await onSandboxProcess(measureTelemetryOverhead))}\n`)
      console.log(`Total ${elapsed()}. ${machine()}`)
      return
    }
    if (CLIENT_OVERHEAD_ONLY) {
      log("1. client vs bare axios…")
      const overhead = await onSandboxProcess((own) => measureClientOverhead(own, { calls: OVERHEAD_CALLS }))
      console.log(`\n${renderClientOverhead(overhead, OVERHEAD_CALLS)}\n`)
      console.log(`Total ${elapsed()}. ${machine()}`)
      return
    }
    if (ROUND_TRIPS_ONLY) {
      store = await startBenchStore(sandbox.url, (line) => log(`store: ${line}`))
      const api = new StoreApi(store.url, store.seed)
      await checkout(sandbox, api)
      const { complete, afterOrder } = await cartCompleteAndRoundTrips(sandbox, store, api)
      console.log(`\n${renderRoundTripsOnly(complete, afterOrder)}\n`)
      console.log(`Total ${elapsed()}. Server logs: test-output/bench/. ${machine()}`)
      return
    }
    if (THROUGHPUT_ONLY) {
      store = await startBenchStore(sandbox.url, (line) => log(`store: ${line}`))
      const api = new StoreApi(store.url, store.seed)
      // Untimed: the first requests of a fresh Medusa compile queries and fill caches.
      await checkout(sandbox, api)
      await systemCheckout(api)
      log(`4. checkouts per second at ${LEVELS.join(", ")} shoppers, pay later and the system provider…`)
      const throughput = await measureThroughput(sandbox, api, LEVELS, WINDOW_MS, storeCpu(store))
      console.log(`\n${renderThroughput(throughput, WINDOW_MS)}\n`)
      console.log(`Total ${elapsed()}. Server logs: test-output/bench/. ${machine()}`)
      return
    }
    if (QUIET_SHOP_ONLY || WARM_MONEY_ONLY) {
      console.log("")
      console.log(await quietShop(sandbox))
      console.log("")
      console.log(`Total ${elapsed()}. Server logs: test-output/bench/. ${machine()}`)
      return
    }
    log(`sandbox on ${sandbox.url}; 1. client vs bare axios…`)
    const { overhead, telemetry } = await onSandboxProcess(async (own) => {
      const overhead = await measureClientOverhead(own, { calls: OVERHEAD_CALLS })
      log("8. OpenTelemetry: the client without and with an SDK registered…")
      return { overhead, telemetry: await measureTelemetryOverhead(own) }
    })
    log(`3. ${BURST} concurrent calls on a cold OAuth cache…`)
    const burst = await measureTokenBurst(sandbox, BURST)
    log(`5. quiet spells of ${QUIET_GAPS.join(", ")} s against services closing idle connections…`)
    const quietSpells = await measureQuietSpells(sandbox, QUIET_GAPS)

    store = await startBenchStore(sandbox.url, (line) => log(`store: ${line}`))
    log(
      `store on ${store.url} (${Object.entries(store.timings)
        .map(([k, v]) => `${k} ${(v / 1000).toFixed(1)} s`)
        .join(", ")})`,
    )
    const api = new StoreApi(store.url, store.seed)
    // Untimed: the first requests of a fresh Medusa compile queries and fill caches.
    await checkout(sandbox, api)
    await systemCheckout(api)

    const { complete, afterOrder } = await cartCompleteAndRoundTrips(sandbox, store, api)

    log(`2b. cart complete again with the sandbox answering every call ${LATENCY_MS} ms late…`)
    const latency = await measureAtLatency(sandbox, api, { latencyMs: LATENCY_MS, runs: 20 })

    log(`4. checkouts per second at ${LEVELS.join(", ")} shoppers, pay later and the system provider…`)
    const throughput = await measureThroughput(sandbox, api, LEVELS, WINDOW_MS, storeCpu(store))
    log(`7. express shipping options at 0 and ${LATENCY_MS} ms…`)
    const expressOptions = await measureExpressShippingOptions(sandbox, api, BENCH_STOREFRONT_ORIGIN, { latencies: [0, LATENCY_MS] })
    await store.stop()
    store = undefined
    const quiet = WITH_QUIET_SHOP ? await quietShop(sandbox) : undefined
    log("done")

    console.log("")
    console.log(
      renderReport({
        overhead,
        overheadCalls: OVERHEAD_CALLS,
        burst,
        quietSpells,
        complete,
        latency,
        afterOrder,
        throughput,
        windowMs: WINDOW_MS,
      }),
    )
    console.log(`\n${renderExpressOptions(expressOptions)}`)
    if (quiet) console.log(`\n${quiet}`)
    console.log(`\n${renderTelemetryOverhead(telemetry)}`)
    console.log("")
    console.log(`Total ${elapsed()}. Server logs: test-output/bench/. ${machine()}`)
  } finally {
    await stop()
  }
}

/**
 * Section 2: the cart completions of both providers (bench/cart-complete.ts), then the round
 * trips of the after-order operations on orders they placed (bench/round-trips.ts): shipment,
 * capture and refund on two, the void (an admin cancel) on two others.
 */
async function cartCompleteAndRoundTrips(sandbox: Sandbox, store: BenchStore, api: StoreApi) {
  log("2. cart complete, bnpl vs system default, with round trips…")
  const complete = await measureCartComplete(sandbox, api)
  const admin = await AdminApi.signIn(store.url, store.seed.admin)
  const placed = complete.bnplOrderIds
  const afterOrder = await afterOrderRoundTrips(sandbox, admin, placed.slice(0, 2), store.seed.stockLocationId, placed.slice(2, 4))
  return { complete, afterOrder }
}

/** The store process's CPU seconds so far (bench/store-cpu.ts). */
function storeCpu(store: BenchStore): () => number {
  const pid = store.pid
  if (pid === undefined) throw new Error("the bench store's process id is unknown: its CPU time cannot be read")
  return () => processCpuSeconds(pid)
}

/**
 * Section 6 (bench/quiet-shop.ts) on a store of its own, whose plugin reaches the sandbox
 * through a TCP proxy playing the service's latency, idle time-out and handshakes.
 */
async function quietShop(sandbox: Sandbox): Promise<string> {
  const target = new URL(sandbox.url)
  const proxy = new TcpProxy({ host: target.hostname, port: Number(target.port) })
  await proxy.listen()
  let quietStore: BenchStore | undefined
  try {
    // The service as the warm rows meet it: 100 ms a round trip, idle connections closed after 60 s, TCP and TLS.
    const warmService = {
      latencyMs: LATENCY_MS,
      closeIdleAfterMs: 60_000,
      idleNotice: "fin",
      ownIdleTimeout: true,
      announceIdleTimeout: true,
      handshakeRoundTrips: 2,
    } as const
    proxy.configure(warmService)
    quietStore = await startBenchStore(proxy.url, (line) => log(`quiet-shop store: ${line}`), QUIET_DATABASE_URL)
    const api = new StoreApi(quietStore.url, quietStore.seed)
    log("6b. the first session after the store's start…")
    const first = await measureFirstSession(sandbox, api, proxy)
    // Untimed: the first requests of a fresh Medusa compile queries and fill caches.
    await checkout(sandbox, api)
    const sections: string[] = []
    if (!WARM_MONEY_ONLY) {
      log(`6. a quiet shop, ${QUIET_SHOP_ROWS.length} rows of ${QUIET_SHOPPERS} shoppers…`)
      const rows = await measureQuietShop(
        api,
        proxy,
        { latencyMs: LATENCY_MS, thinkMs: QUIET_THINK_MS, shoppers: QUIET_SHOPPERS, rows: QUIET_SHOP_ROWS },
        (line) => log(`6. ${line}`),
      )
      sections.push(renderQuietShop(rows, LATENCY_MS, QUIET_THINK_MS))
    }
    log(`6b. a warm shop: ${WARM_ROUNDS} rounds of sessions, completions, captures, refunds and voids…`)
    await proxy.refuse()
    proxy.configure(warmService)
    await proxy.listen()
    const admin = await AdminApi.signIn(quietStore.url, quietStore.seed.admin)
    const warm = await measureWarmMoney(sandbox, api, admin, proxy, {
      latencyMs: LATENCY_MS,
      rounds: WARM_ROUNDS,
      storeCpu: storeCpu(quietStore),
    })
    sections.push(renderWarmMoney(first, warm, LATENCY_MS))
    return sections.join("\n\n")
  } finally {
    await quietStore?.stop().catch(() => {})
    await proxy.close()
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(`\nThe bench crashed: ${error instanceof Error ? (error.stack ?? error.message) : error}`)
    process.exit(1)
  },
)
