import type { TcpProxy } from "../harness/tcp-proxy"
import { SYSTEM, BNPL } from "./cart-complete"
import { summarize, type Summary } from "./stats"
import type { StoreApi } from "./store-api"

/**
 * Section 6: a quiet shop. Shoppers come one at a time, `gapSeconds` apart, to a real store
 * whose plugin reaches the sandbox through the TCP proxy playing the service: `latencyMs` of
 * round trip, idle connections closed after `serviceIdleSeconds` (announced in a `Keep-Alive:
 * timeout=` hint, as Node's and Apache's servers and the sandbox do), and a new connection
 * costing `handshakeRoundTrips` round trips before its first request (1: TCP; 2: TCP and TLS
 * 1.3). Each shopper reaches the payment step (`GET /store/bnpl/eligibility`, which the
 * storefront kit calls there), takes `thinkMs` to choose, then creates the pay-later payment
 * session (one Create Checkout); the same shopper's system-provider session is timed on a
 * second cart right before or after (the two take turns going first). Per row: new connections per shopper (all the plugin opened from
 * the eligibility call to the end of the session) and those opened while the shopper waited
 * for the session, and the round trips pay later added to the session: the median of each
 * shopper's own difference (bnpl - system) over the latency, which the store's own drift
 * between shoppers disturbs least (the difference of the medians is kept beside it). The first
 * shopper of each row meets a cold pool and is left out.
 */
export interface QuietShopRow {
  serviceIdleSeconds: number
  gapSeconds: number
  handshakeRoundTrips: number
  shoppers: number
  newConnectionsPerShopper: number
  newConnectionsOnTheWait: number
  bnpl: Summary
  system: Summary
  /** Median of the shoppers' (bnpl - system) session times, over the latency. */
  addedRoundTrips: number
  /** (p50 bnpl - p50 system) / latency. */
  addedRoundTripsOfMedians: number
}

export interface QuietShopSettings {
  latencyMs: number
  thinkMs: number
  /** Shoppers per row, the cold first one included. */
  shoppers: number
  rows: Array<{ serviceIdleSeconds: number; gapSeconds: number; handshakeRoundTrips: number }>
}

export const QUIET_SHOP_ROWS: QuietShopSettings["rows"] = [
  { serviceIdleSeconds: 60, gapSeconds: 10, handshakeRoundTrips: 2 },
  { serviceIdleSeconds: 5, gapSeconds: 10, handshakeRoundTrips: 1 },
  { serviceIdleSeconds: 5, gapSeconds: 10, handshakeRoundTrips: 2 },
  { serviceIdleSeconds: 60, gapSeconds: 70, handshakeRoundTrips: 2 },
]

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export async function measureQuietShop(
  store: StoreApi,
  proxy: TcpProxy,
  settings: QuietShopSettings,
  progress: (line: string) => void,
): Promise<QuietShopRow[]> {
  const rows: QuietShopRow[] = []
  for (const row of settings.rows) {
    progress(
      `service idle ${row.serviceIdleSeconds} s, shoppers ${row.gapSeconds} s apart, ${row.handshakeRoundTrips} handshake round trip(s)…`,
    )
    // A cold start per row: every connection hung up, then the service's behaviour for the row.
    await proxy.refuse()
    proxy.configure({
      latencyMs: settings.latencyMs,
      closeIdleAfterMs: row.serviceIdleSeconds * 1000,
      idleNotice: "fin",
      ownIdleTimeout: true,
      announceIdleTimeout: true,
      handshakeRoundTrips: row.handshakeRoundTrips,
    })
    await proxy.listen()
    const bnpl: number[] = []
    const system: number[] = []
    const opened: number[] = []
    const openedOnTheWait: number[] = []
    for (let shopper = 0; shopper < settings.shoppers; shopper++) {
      if (shopper > 0) await sleep(row.gapSeconds * 1000)
      const [bnplCart, systemCart] = [await store.readyCart(), await store.readyCart()]
      const [bnplCollection, systemCollection] = [
        await store.createPaymentCollection(bnplCart),
        await store.createPaymentCollection(systemCart),
      ]
      const before = proxy.accepted
      await store.eligibility(bnplCart)
      await sleep(settings.thinkMs)
      // The first request after a quiet spell also wakes the store itself (its database pool, its
      // caches); the providers take turns going first so neither is timed warm and the other cold.
      const systemFirst = shopper % 2 === 1
      const systemBefore = systemFirst ? await timed(() => store.createSession(systemCollection, SYSTEM)) : undefined
      const waitStarts = proxy.accepted
      const bnplMs = await timed(() => store.createSession(bnplCollection, BNPL))
      const onTheWait = proxy.accepted - waitStarts
      const all = proxy.accepted - before
      const systemMs = systemBefore ?? (await timed(() => store.createSession(systemCollection, SYSTEM)))
      if (shopper === 0) continue
      bnpl.push(bnplMs)
      system.push(systemMs)
      opened.push(all)
      openedOnTheWait.push(onTheWait)
    }
    const bnplSummary = summarize(bnpl)
    const systemSummary = summarize(system)
    rows.push({
      ...row,
      shoppers: bnpl.length,
      newConnectionsPerShopper: mean(opened),
      newConnectionsOnTheWait: mean(openedOnTheWait),
      bnpl: bnplSummary,
      system: systemSummary,
      addedRoundTrips: summarize(bnpl.map((ms, index) => ms - system[index])).p50 / settings.latencyMs,
      addedRoundTripsOfMedians: (bnplSummary.p50 - systemSummary.p50) / settings.latencyMs,
    })
  }
  return rows
}

async function timed(operation: () => Promise<unknown>): Promise<number> {
  const start = performance.now()
  await operation()
  return performance.now() - start
}

function mean(values: number[]): number {
  return values.length ? values.reduce((sum, value) => sum + value, 0) / values.length : 0
}
