import {
  basicAuthorization,
  OAuthTokenProvider,
  refreshMarginMs,
  tokenStoreKey,
  type StoredToken,
  type TokenStore,
} from "../../../src/client"

class MemoryStore implements TokenStore {
  values = new Map<string, StoredToken>()
  ttls: number[] = []
  async get(key: string) {
    return this.values.get(key)
  }
  async set(key: string, value: StoredToken, ttlSeconds: number) {
    this.ttls.push(ttlSeconds)
    this.values.set(key, value)
  }
}

function tokenService(expiresIn = 3600) {
  let issued = 0
  const fetchToken = jest.fn(async () => {
    await new Promise((resolve) => setTimeout(resolve, 5))
    issued++
    return { access_token: `jwt-${issued}`, token_type: "Bearer", expires_in: expiresIn, scope: "merchant_api_v2/auth" }
  })
  return fetchToken
}

describe("Basic authentication (RFC 7617)", () => {
  it("joins id and key with one colon and base64-encodes them", () => {
    expect(basicAuthorization("Aladdin", "open sesame")).toBe("Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==")
    expect(basicAuthorization("sandbox-uk-merchant", "sandbox-uk-secret-key")).toBe(
      `Basic ${Buffer.from("sandbox-uk-merchant:sandbox-uk-secret-key").toString("base64")}`,
    )
  })

  it("encodes non-ASCII credentials as UTF-8", () => {
    expect(basicAuthorization("m", "ü")).toBe(`Basic ${Buffer.from("m:ü", "utf8").toString("base64")}`)
  })
})

describe("OAuth token provider", () => {
  it("makes ONE token request for 50 concurrent callers", async () => {
    const fetchToken = tokenService()
    const provider = new OAuthTokenProvider({ fetchToken, storeKey: "k" })
    const tokens = await Promise.all(Array.from({ length: 50 }, () => provider.getToken()))
    expect(new Set(tokens)).toEqual(new Set(["jwt-1"]))
    expect(fetchToken).toHaveBeenCalledTimes(1)
  })

  it("reuses the token until min(60 s, 10 % of its life) is left", async () => {
    let now = 1_000_000
    const fetchToken = tokenService(3600)
    const provider = new OAuthTokenProvider({ fetchToken, storeKey: "k", now: () => now })
    expect(await provider.getToken()).toBe("jwt-1")
    now += (3600 - 61) * 1000
    expect(await provider.getToken()).toBe("jwt-1")
    now += 2000
    expect(await provider.getToken()).toBe("jwt-2")
    expect(fetchToken).toHaveBeenCalledTimes(2)
  })

  it("renews a short-lived token when 10 % of its life is left", async () => {
    let now = 0
    const fetchToken = tokenService(100)
    const provider = new OAuthTokenProvider({ fetchToken, storeKey: "k", now: () => now })
    await provider.getToken()
    now = 89_000
    expect(await provider.getToken()).toBe("jwt-1")
    now = 90_500
    expect(await provider.getToken()).toBe("jwt-2")
    expect(refreshMarginMs(100_000)).toBe(10_000)
    expect(refreshMarginMs(3_600_000)).toBe(60_000)
  })

  it("invalidate drops the refused token once; a stale refusal is ignored", async () => {
    const fetchToken = tokenService()
    const provider = new OAuthTokenProvider({ fetchToken, storeKey: "k" })
    const first = await provider.getToken()
    provider.invalidate(first)
    provider.invalidate(first)
    const renewed = await Promise.all([provider.getToken(), provider.getToken()])
    expect(renewed).toEqual(["jwt-2", "jwt-2"])
    provider.invalidate(first) // a late 401 for the old token
    expect(await provider.getToken()).toBe("jwt-2")
    expect(fetchToken).toHaveBeenCalledTimes(2)
    expect([...provider.knownTokens()]).toEqual(["jwt-1", "jwt-2"])
  })

  it("a failed token request is shared by the waiting callers and not cached", async () => {
    const fetchToken = jest
      .fn()
      .mockRejectedValueOnce(new Error("down"))
      .mockResolvedValueOnce({ access_token: "jwt-ok", token_type: "Bearer", expires_in: 60 })
    const provider = new OAuthTokenProvider({ fetchToken, storeKey: "k" })
    const results = await Promise.allSettled([provider.getToken(), provider.getToken()])
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"])
    expect(await provider.getToken()).toBe("jwt-ok")
    expect(fetchToken).toHaveBeenCalledTimes(2)
  })

  it("shares one token between instances through a token store, with a TTL before expiry", async () => {
    const store = new MemoryStore()
    const fetchToken = tokenService(3600)
    const a = new OAuthTokenProvider({ fetchToken, storeKey: "k", store })
    const b = new OAuthTokenProvider({ fetchToken, storeKey: "k", store })
    expect(await a.getToken()).toBe("jwt-1")
    expect(await b.getToken()).toBe("jwt-1")
    expect(fetchToken).toHaveBeenCalledTimes(1)
    expect(store.ttls[0]).toBeGreaterThan(3400)
    expect(store.ttls[0]).toBeLessThanOrEqual(3540)
  })

  it("never takes a refused token back from the store", async () => {
    const store = new MemoryStore()
    const fetchToken = tokenService()
    const a = new OAuthTokenProvider({ fetchToken, storeKey: "k", store })
    const refused = await a.getToken()
    a.invalidate(refused)
    expect(await a.getToken()).toBe("jwt-2")
    expect((await store.get("k"))?.accessToken).toBe("jwt-2")
  })

  it("keeps working when the store fails, and logs without the token", async () => {
    const warn = jest.fn()
    const store: TokenStore = {
      get: async () => {
        throw Object.assign(new Error("redis says jwt-1"), { code: "ECONNREFUSED" })
      },
      set: async () => {
        throw new Error("nope")
      },
    }
    const provider = new OAuthTokenProvider({ fetchToken: tokenService(), storeKey: "k", store, logger: { warn } })
    expect(await provider.getToken()).toBe("jwt-1")
    expect(warn).toHaveBeenCalledTimes(2)
    for (const [line] of warn.mock.calls) expect(line).not.toContain("jwt-1")
  })

  it("the store key is a hash of merchant and token service, without the secret", () => {
    const key = tokenStoreKey("sandbox-uk-merchant", "http://auth.test")
    expect(key).toMatch(/^medusa-payment-bnpl:oauth-token:[0-9a-f]{32}$/)
    expect(key).not.toContain("sandbox-uk-merchant")
    expect(tokenStoreKey("sandbox-uk-merchant", "http://auth.test")).toBe(key)
    expect(tokenStoreKey("sandbox-eu-merchant", "http://auth.test")).not.toBe(key)
    expect(tokenStoreKey("sandbox-uk-merchant", "http://other.test")).not.toBe(key)
  })
})
