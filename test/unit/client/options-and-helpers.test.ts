import {
  backoffDelayMs,
  BnplOptionsError,
  createRedactor,
  DEFAULT_TIMEOUTS,
  defaultUserAgent,
  ENDPOINT_NAMES,
  fillPath,
  MAX_BACKOFF_MS,
  maxAgeSeconds,
  parseRetryAfter,
  resolveClientOptions,
  resolveTimeouts,
} from "../../../src/client"

const base = { merchantId: "m", secretKey: "s", baseUrl: "http://127.0.0.1:4010/" }

describe("client options", () => {
  it("applies the defaults", () => {
    const resolved = resolveClientOptions(base)
    expect(resolved.baseUrl).toBe("http://127.0.0.1:4010")
    expect(resolved.authScheme).toBe("basic")
    expect(resolved.maxRetries).toBe(2)
    expect(resolved.retryDelayMs).toBe(250)
    expect(resolved.userAgent).toMatch(/^medusa-payment-bnpl\/\d+\.\d+\.\d+\S* \(Node v\d+\.\d+\.\d+\)$/)
    expect((resolved.httpAgent as unknown as { keepAlive: boolean }).keepAlive).toBe(true)
    expect(resolved.ownedAgents).toHaveLength(2)
    for (const agent of resolved.ownedAgents) agent.destroy()
  })

  it("the default User-Agent carries the package's version", () => {
    expect(defaultUserAgent()).toBe(`medusa-payment-bnpl/${require("../../../package.json").version} (Node ${process.version})`)
  })

  it.each([
    [{ ...base, merchantId: "" }, "merchantId"],
    [{ ...base, secretKey: undefined }, "secretKey"],
    [{ ...base, baseUrl: "127.0.0.1:4010" }, "baseUrl"],
    [{ ...base, baseUrl: "ftp://x" }, "baseUrl"],
    [{ ...base, authScheme: "oauth" }, "authUrl"],
    [{ ...base, authScheme: "digest" }, "authScheme"],
    [{ ...base, maxRetries: -1 }, "maxRetries"],
    [{ ...base, retryDelayMs: Number.NaN }, "retryDelayMs"],
    [{ ...base, timeouts: { Auth: { readMs: 0 } } }, 'timeouts["Auth"].readMs'],
    [{ ...base, timeouts: { Nope: { readMs: 1 } } }, 'timeouts["Nope"]'],
    [{ ...base, paths: { Ping: "ping" } }, 'paths["Ping"]'],
  ])("refuses %j naming %s", (options, field) => {
    try {
      resolveClientOptions(options as never)
      throw new Error("expected a BnplOptionsError")
    } catch (error) {
      expect(error).toBeInstanceOf(BnplOptionsError)
      expect((error as BnplOptionsError).field).toBe(field)
    }
  })

  it("keeps the secret out of option errors", () => {
    expect.assertions(2)
    try {
      resolveClientOptions({ ...base, secretKey: "top-secret", baseUrl: "nope" })
    } catch (error) {
      expect(error).toBeInstanceOf(BnplOptionsError)
      expect(String((error as Error).message)).not.toContain("top-secret")
    }
  })
})

describe("time-outs (docs/service-api.md, Connection time-outs per endpoint)", () => {
  it("has the document's table and a value for every endpoint", () => {
    expect(DEFAULT_TIMEOUTS.Auth).toEqual({ openMs: 10_000, readMs: 70_000 })
    expect(DEFAULT_TIMEOUTS["Create Refund"]).toEqual({ openMs: 10_000, readMs: 70_000 })
    for (const name of ["List Payments", "Get Checkout", "Update Shipping Courier", "Get Configuration"] as const) {
      expect(DEFAULT_TIMEOUTS[name]).toEqual({ openMs: 10_000, readMs: 20_000 })
    }
    expect(DEFAULT_TIMEOUTS["Capture Payment"].readMs).toBe(70_000)
    expect(DEFAULT_TIMEOUTS["Void Payment"].readMs).toBe(70_000)
    expect(Object.keys(DEFAULT_TIMEOUTS).sort()).toEqual([...ENDPOINT_NAMES].sort())
  })

  it("applies an override per field", () => {
    const resolved = resolveTimeouts({ Auth: { readMs: 5 } })
    expect(resolved.Auth).toEqual({ openMs: 10_000, readMs: 5 })
    expect(resolved["Create Refund"]).toEqual({ openMs: 10_000, readMs: 70_000 })
  })
})

describe("paths", () => {
  it("URL-encodes path parameters", () => {
    expect(fillPath("/v2/payments/{orderId}/refund", { orderId: "a/b?c#d" })).toBe("/v2/payments/a%2Fb%3Fc%23d/refund")
    expect(fillPath("/v2/payments/token:{token}", { token: "t 1" })).toBe("/v2/payments/token:t%201")
    expect(fillPath("/v2/checkouts/{token}", { token: ".." })).toBe("/v2/checkouts/..")
  })
})

describe("backoff", () => {
  it("grows exponentially with jitter and is capped at 5 s", () => {
    expect(backoffDelayMs(1, 250, undefined, () => 0)).toBe(125)
    expect(backoffDelayMs(1, 250, undefined, () => 1)).toBe(250)
    expect(backoffDelayMs(3, 250, undefined, () => 1)).toBe(1000)
    expect(backoffDelayMs(20, 250, undefined, () => 1)).toBe(MAX_BACKOFF_MS)
    for (let retry = 1; retry < 10; retry++) {
      const delay = backoffDelayMs(retry, 250)
      expect(delay).toBeGreaterThanOrEqual(Math.min(MAX_BACKOFF_MS, 250 * 2 ** (retry - 1)) / 2 - 1)
      expect(delay).toBeLessThanOrEqual(MAX_BACKOFF_MS)
    }
  })

  it("honours Retry-After up to the cap", () => {
    expect(backoffDelayMs(1, 10, 2000, () => 0)).toBe(2000)
    expect(backoffDelayMs(1, 10, 60_000, () => 0)).toBe(MAX_BACKOFF_MS)
    expect(parseRetryAfter("3")).toBe(3000)
    expect(parseRetryAfter(new Date(10_000).toUTCString(), 8_000)).toBe(2000)
    expect(parseRetryAfter("soon")).toBeUndefined()
    expect(parseRetryAfter(undefined)).toBeUndefined()
  })
})

describe("Cache-Control of Get Configuration", () => {
  it.each([
    ["max-age=86400", 86400],
    ["public, max-age=3600", 3600],
    ["private, MAX-AGE=60, must-revalidate", 60],
    ["no-store", 0],
    ["no-cache, max-age=100", 0],
    ["public", undefined],
    [undefined, undefined],
  ])("%s -> %s", (header, expected) => {
    expect(maxAgeSeconds(header)).toBe(expected)
  })
})

describe("redaction", () => {
  it("replaces every secret, longest first", () => {
    const redact = createRedactor(() => ["key", "Basic a2V5", undefined, ""])
    expect(redact("Authorization: Basic a2V5 and key twice key")).toBe("Authorization: [redacted] and [redacted] twice [redacted]")
  })
})
