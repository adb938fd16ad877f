import { BnplClient, type StoredToken, type TokenStore } from "../src/client"
import type { Sandbox } from "../src/sandbox"
import { TcpProxy } from "../harness/tcp-proxy"

/**
 * Section 3: N concurrent calls (Get Configuration) from one client on a cold OAuth cache.
 * Counts the access tokens the sandbox issued (ledger `tokenRequests`) and the TCP
 * connections the client opened (accepted by a counting proxy in front of the sandbox).
 * A second burst on the same, now warm, client shows how many sockets the keep-alive pool
 * kept (Node's agent keeps at most `maxFreeSockets`, 256 by default, once a burst is over).
 * Run twice: a bare client (in-memory token cache only) and a client with an empty shared
 * `tokenStore`, which is how the plugin builds it (runtime/accounts/client-factory.ts).
 */
export interface BurstResult {
  variant: string
  concurrency: number
  ok: number
  failed: number
  tokenRequests: number
  socketsOpened: number
  peakOpenSockets: number
  wallMs: number
  /** Sockets opened by a second burst of the same size on the warm client. */
  secondBurstSockets: number
}

const UK = { merchantId: "sandbox-uk-merchant", secretKey: "sandbox-uk-secret-key" }

/** An in-memory TokenStore, empty at first: a cold shared cache. */
function memoryTokenStore(): TokenStore {
  const values = new Map<string, StoredToken>()
  return {
    get: async (key) => values.get(key),
    set: async (key, value) => {
      values.set(key, value)
    },
  }
}

export async function measureTokenBurst(sandbox: Sandbox, concurrency = 500): Promise<BurstResult[]> {
  const target = new URL(sandbox.url)
  const results: BurstResult[] = []
  const variants = [
    { variant: "client, no tokenStore", tokenStore: undefined },
    { variant: "client, empty tokenStore (plugin wiring)", tokenStore: memoryTokenStore() },
  ]
  for (const { variant, tokenStore } of variants) {
    const proxy = new TcpProxy({ host: target.hostname, port: Number(target.port) })
    await proxy.listen()
    const client = new BnplClient({
      ...UK,
      baseUrl: proxy.url,
      authUrl: `${proxy.url}/oauth`,
      authScheme: "oauth",
      userAgent: "medusa-payment-bnpl-bench",
      tokenStore,
    })
    try {
      const before = sandbox.control.ledger().tokenRequests
      const start = performance.now()
      const outcomes = await Promise.allSettled(Array.from({ length: concurrency }, () => client.getConfiguration()))
      const wallMs = performance.now() - start
      const failed = outcomes.filter((outcome) => outcome.status === "rejected")
      const tokenRequests = sandbox.control.ledger().tokenRequests - before
      const socketsOpened = proxy.accepted
      const peakOpenSockets = proxy.peakOpen
      await Promise.allSettled(Array.from({ length: concurrency }, () => client.getConfiguration()))
      if (failed.length) console.warn(`  token burst: ${failed.length} calls failed, e.g. ${(failed[0] as PromiseRejectedResult).reason}`)
      results.push({
        variant,
        concurrency,
        ok: concurrency - failed.length,
        failed: failed.length,
        tokenRequests,
        socketsOpened,
        peakOpenSockets,
        wallMs,
        secondBurstSockets: proxy.accepted - socketsOpened,
      })
    } finally {
      client.close()
      await proxy.close()
    }
  }
  return results
}
