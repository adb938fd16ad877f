import { BnplClient, BnplApiError, DEFAULT_KEEP_ALIVE_TIMEOUT_MS } from "../src/client"
import type { Sandbox } from "../src/sandbox"
import { TcpProxy } from "../harness/tcp-proxy"

/**
 * Section 5: quiet spells. A checkout's calls (Create Checkout, Auth, Capture Payment) after
 * idle gaps of 1, 10 and 70 s, against a service that closes idle connections after 5 s (a
 * server closing with a FIN, as Node's and Apache's do) and after 60 s (a load balancer that
 * forgets the connection silently, so the client never hears of it: the worst case). Each is
 * run with the client's default idle time-out (4 s) and with one longer than the service's
 * (120 s), which makes the client meet closed connections. The TCP proxy
 * (harness/tcp-proxy.ts) plays the service's idle closing (`ownIdleTimeout`: the sandbox's
 * own 5 s and its Keep-Alive hint are hidden from the client); all runs go at once, so the
 * section lasts about the sum of the gaps. Reports the errors a shopper would see (target 0),
 * new connections per call, and the calls resent after meeting a closed connection.
 */
export interface QuietSpellResult {
  service: string
  clientKeepAliveMs: number
  gapSeconds: number
  calls: number
  errors: number
  firstError?: string
  newConnections: number
  resends: number
}

const UK = { merchantId: "sandbox-uk-merchant", secretKey: "sandbox-uk-secret-key" }
const SERVICES = [
  { service: "closes idle after 5 s (FIN)", closeIdleAfterMs: 5_000, idleNotice: "fin" as const },
  { service: "forgets idle after 60 s (silent)", closeIdleAfterMs: 60_000, idleNotice: "none" as const },
]
const CLIENT_KEEP_ALIVE_MS = [DEFAULT_KEEP_ALIVE_TIMEOUT_MS, 120_000]

export async function measureQuietSpells(sandbox: Sandbox, gapsSeconds: number[]): Promise<QuietSpellResult[]> {
  const target = new URL(sandbox.url)
  const runs = SERVICES.flatMap((service) => CLIENT_KEEP_ALIVE_MS.map((keepAliveTimeoutMs) => ({ ...service, keepAliveTimeoutMs })))
  const results = await Promise.all(
    runs.map(async (run) => {
      const proxy = new TcpProxy(
        { host: target.hostname, port: Number(target.port) },
        { closeIdleAfterMs: run.closeIdleAfterMs, idleNotice: run.idleNotice, ownIdleTimeout: true },
      )
      await proxy.listen()
      let resends = 0
      const client = new BnplClient({
        ...UK,
        baseUrl: proxy.url,
        userAgent: "medusa-payment-bnpl-bench",
        keepAliveTimeoutMs: run.keepAliveTimeoutMs,
        logger: { debug: (line) => void (/kept-alive connection the service had closed/.test(line) && resends++) },
      })
      const rows: QuietSpellResult[] = []
      try {
        // Opens the pool before the first quiet spell.
        await checkout(client, sandbox, `bench-quiet-warm-${run.closeIdleAfterMs}-${run.keepAliveTimeoutMs}`)
        for (const gapSeconds of gapsSeconds) {
          await new Promise((resolve) => setTimeout(resolve, gapSeconds * 1000))
          const accepted = proxy.accepted
          resends = 0
          const { calls, error } = await checkout(
            client,
            sandbox,
            `bench-quiet-${run.closeIdleAfterMs}-${run.keepAliveTimeoutMs}-${gapSeconds}`,
          )
          rows.push({
            service: run.service,
            clientKeepAliveMs: run.keepAliveTimeoutMs,
            gapSeconds,
            calls,
            errors: error ? 1 : 0,
            firstError: error,
            newConnections: proxy.accepted - accepted,
            resends,
          })
        }
      } finally {
        client.close()
        await proxy.close()
      }
      return rows
    }),
  )
  return results.flat()
}

/** One checkout's service calls, back to back, as the plugin makes them. Stops at the first error. */
async function checkout(client: BnplClient, sandbox: Sandbox, reference: string): Promise<{ calls: number; error?: string }> {
  let calls = 0
  try {
    calls++
    const created = await client.createCheckout({
      amount: { amount: "25.00", currency: "GBP" },
      consumer: { email: "bench@example.com" },
      merchantReference: reference,
      merchant: { redirectConfirmUrl: "https://shop.example.com/ok", redirectCancelUrl: "https://shop.example.com/no" },
    })
    sandbox.control.confirmCheckout(created.token)
    calls++
    const payment = await client.auth({ token: created.token, requestId: `${reference}-auth` })
    calls++
    await client.capturePayment(payment.id, { requestId: `${reference}-capture`, amount: { amount: "25.00", currency: "GBP" } })
    return { calls }
  } catch (error) {
    return { calls, error: error instanceof BnplApiError ? error.message : String(error) }
  }
}
