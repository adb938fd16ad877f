import { createHash } from "node:crypto"
import type { BnplLogger, StoredToken, TokenStore } from "./options"
import type { AccessTokenResponse } from "./schemas"
import { cacheKeys } from "../cache-keys"

/** docs/service-api.md "Basic authentication": `Basic base64(merchantId:secretKey)`. */
export function basicAuthorization(merchantId: string, secretKey: string): string {
  return `Basic ${Buffer.from(`${merchantId}:${secretKey}`, "utf8").toString("base64")}`
}

/** A hash of merchant id and token service: two accounts never share a token, and the key reveals nothing. */
export function tokenStoreKey(merchantId: string, authUrl: string): string {
  const digest = createHash("sha256").update(`${merchantId}\n${authUrl}`).digest("hex")
  return cacheKeys.oauthToken(digest.slice(0, 32))
}

/** Renew when less than min(60 s, 10 % of the token's life) is left. */
export function refreshMarginMs(lifetimeMs: number): number {
  return Math.min(60_000, lifetimeMs * 0.1)
}

export interface OAuthTokenProviderDeps {
  fetchToken(): Promise<AccessTokenResponse>
  store?: TokenStore
  storeKey: string
  logger?: BnplLogger
  now?: () => number
}

/**
 * OAuth client-credentials tokens (docs/service-api.md "Bearer tokens"), cached until shortly before
 * expiry; concurrent callers share one request. The `TokenStore` is an optimisation, so its
 * failures are logged and otherwise ignored.
 */
export class OAuthTokenProvider {
  private cached?: StoredToken & { refreshAt: number }
  private inflight?: Promise<StoredToken & { refreshAt: number }>
  /** Tokens the service refused; never taken from the shared store again. */
  private readonly refused = new Set<string>()
  /** Every token held, so the redactor can scrub them from text. */
  private readonly seen = new Set<string>()
  private readonly now: () => number

  constructor(private readonly deps: OAuthTokenProviderDeps) {
    this.now = deps.now ?? Date.now
  }

  /** The bare JWT, fetched when none is cached or it is due for renewal. @throws BnplApiError. */
  async getToken(): Promise<string> {
    if (this.cached && this.now() < this.cached.refreshAt) return this.cached.accessToken
    if (!this.inflight) {
      this.inflight = this.load().finally(() => {
        this.inflight = undefined
      })
    }
    return (await this.inflight).accessToken
  }

  /** Drops `token` after a 401. Another token than the cached one is ignored: another caller has already renewed it. */
  invalidate(token: string): void {
    this.refused.add(token)
    if (this.cached?.accessToken === token) this.cached = undefined
  }

  knownTokens(): Iterable<string> {
    return this.seen
  }

  private async load(): Promise<StoredToken & { refreshAt: number }> {
    const fromStore = await this.readStore()
    if (fromStore) return this.keep(fromStore)
    const exclusive = this.deps.store?.exclusive?.bind(this.deps.store)
    if (!exclusive) return this.fetchAndShare()
    // Across instances: one fetches while the others wait, then read what it stored.
    return exclusive(`${this.deps.storeKey}:lock`, async () => {
      const storedMeanwhile = await this.readStore()
      return storedMeanwhile ? this.keep(storedMeanwhile) : this.fetchAndShare()
    })
  }

  private async fetchAndShare(): Promise<StoredToken & { refreshAt: number }> {
    const issuedAt = this.now()
    const response = await this.deps.fetchToken()
    const lifetimeMs = response.expires_in * 1000
    const token = {
      accessToken: response.access_token,
      expiresAt: issuedAt + lifetimeMs,
      refreshAt: issuedAt + lifetimeMs - refreshMarginMs(lifetimeMs),
    }
    this.keep(token)
    await this.writeStore(token)
    return token
  }

  private keep(token: StoredToken & { refreshAt: number }) {
    this.cached = token
    this.seen.add(token.accessToken)
    return token
  }

  private async readStore(): Promise<(StoredToken & { refreshAt: number }) | undefined> {
    const { store, storeKey } = this.deps
    if (!store) return undefined
    try {
      const value = await store.get(storeKey)
      if (!value || typeof value.accessToken !== "string" || typeof value.expiresAt !== "number") return undefined
      if (this.refused.has(value.accessToken)) return undefined
      const refreshAt = value.refreshAt ?? value.expiresAt - 60_000
      return this.now() < refreshAt ? { ...value, refreshAt } : undefined
    } catch (error) {
      this.deps.logger?.warn?.(`bnpl: reading the shared OAuth token failed (${describe(error)}); fetching a new one`)
      return undefined
    }
  }

  private async writeStore(token: StoredToken & { refreshAt: number }): Promise<void> {
    const { store, storeKey } = this.deps
    if (!store) return
    const ttlSeconds = Math.max(1, Math.floor((token.refreshAt - this.now()) / 1000))
    try {
      await store.set(storeKey, token, ttlSeconds)
    } catch (error) {
      this.deps.logger?.warn?.(`bnpl: sharing the OAuth token failed (${describe(error)}); continuing with this instance's copy`)
    }
  }
}

// A store's error could echo the value it was given; only its class and code are logged.
function describe(error: unknown): string {
  const name = (error as { name?: unknown })?.name
  const code = (error as { code?: unknown })?.code
  return [typeof name === "string" ? name : "error", typeof code === "string" ? code : undefined].filter(Boolean).join(" ")
}
