import http from "node:http"
import axios, { type AxiosInstance } from "axios"
import { BnplClient, basicAuthorization } from "../src/client"
import type { SandboxProcess } from "./sandbox-process"
import { summarize, type Summary } from "./stats"

/**
 * Section 1: the typed client's time per call against a bare axios call to the same sandbox
 * endpoint (the sandbox in a process of its own, sandbox-process.ts), sequential, after a warm-up. Two calls: Get Configuration (GET) and an Auth
 * replay (POST /v2/payments/auth with a `requestId` the sandbox already answered, so every
 * call gets the same remembered 201 and changes nothing). Both sides use a keep-alive agent,
 * Basic authentication and `maxRedirects: 0` (as the client does: axios then uses Node's http
 * directly rather than follow-redirects), so the difference is the client's own work:
 * request and response validation, headers, error mapping, the transport wrapper. Calls are
 * made in pairs (client then bare, bare then client, ...), so drift on a busy machine hits
 * both alike, and the median of the per-pair differences is reported beside the ratio.
 */
export interface OverheadResult {
  endpoint: string
  client: Summary
  bare: Summary
  /** Median of (client - bare) over the pairs: the client's own time per call, in ms. */
  medianDifferenceMs: number
}

const UK = { merchantId: "sandbox-uk-merchant", secretKey: "sandbox-uk-secret-key" }
const USER_AGENT = "medusa-payment-bnpl-bench"

export async function measureClientOverhead(
  sandbox: SandboxProcess,
  { calls = 2000, warmup = 500 }: { calls?: number; warmup?: number } = {},
): Promise<OverheadResult[]> {
  const client = new BnplClient({ ...UK, baseUrl: sandbox.url, userAgent: USER_AGENT })
  const agent = new http.Agent({ keepAlive: true })
  const bare: AxiosInstance = axios.create({
    baseURL: sandbox.url,
    httpAgent: agent,
    maxRedirects: 0,
    headers: { Authorization: basicAuthorization(UK.merchantId, UK.secretKey), "User-Agent": USER_AGENT },
  })
  try {
    const authBody = await authorisedCheckout(client, sandbox)
    const pairs: Array<{ endpoint: string; client: () => Promise<unknown>; bare: () => Promise<unknown> }> = [
      {
        endpoint: "Get Configuration (GET)",
        client: () => client.getConfiguration(),
        bare: () => bare.get("/v2/configuration"),
      },
      {
        endpoint: "Auth replay (POST)",
        client: () => client.auth(authBody),
        bare: () => bare.post("/v2/payments/auth", authBody),
      },
    ]
    const results: OverheadResult[] = []
    for (const pair of pairs) {
      const measured = await measurePairs(pair.client, pair.bare, { calls, warmup })
      results.push({ endpoint: pair.endpoint, client: measured.a, bare: measured.b, medianDifferenceMs: measured.medianDifferenceMs })
    }
    return results
  } finally {
    client.close()
    agent.destroy()
  }
}

/** A checkout confirmed and authorised once with a fixed requestId: the body every replay sends. */
async function authorisedCheckout(client: BnplClient, sandbox: SandboxProcess) {
  const checkout = await client.createCheckout({
    amount: { amount: "25.00", currency: "GBP" },
    consumer: { email: "bench@example.com" },
    merchantReference: "bench-overhead",
    merchant: { redirectConfirmUrl: "https://shop.example.com/ok", redirectCancelUrl: "https://shop.example.com/no" },
  })
  await sandbox.confirmCheckout(checkout.token)
  const body = { token: checkout.token, requestId: `bench-auth-replay-${Date.now()}` }
  await client.auth(body)
  return body
}

/**
 * Times two ways of making the same call, after `warmup` of each: `calls` pairs, alternating
 * which goes first (a then b, b then a, ...), so drift on a busy machine hits both alike.
 * @returns each side's summary (ms) and the median of the per-pair differences a - b (ms).
 */
export async function measurePairs(
  a: () => Promise<unknown>,
  b: () => Promise<unknown>,
  { calls, warmup }: { calls: number; warmup: number },
): Promise<{ a: Summary; b: Summary; medianDifferenceMs: number }> {
  for (let i = 0; i < warmup; i++) {
    await a()
    await b()
  }
  const samples = { a: [] as number[], b: [] as number[] }
  const differences: number[] = []
  for (let i = 0; i < calls; i++) {
    const order: Array<"a" | "b"> = i % 2 ? ["b", "a"] : ["a", "b"]
    const taken = { a: 0, b: 0 }
    for (const side of order) {
      const start = performance.now()
      await (side === "a" ? a : b)()
      taken[side] = performance.now() - start
      samples[side].push(taken[side])
    }
    differences.push(taken.a - taken.b)
  }
  return { a: summarize(samples.a), b: summarize(samples.b), medianDifferenceMs: summarize(differences).p50 }
}
