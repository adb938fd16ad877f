import http from "node:http"
import https from "node:https"
import { z } from "zod"
import type { CallObserver } from "./call-observer"
import { ENDPOINTS, resolveTimeouts, type EndpointName, type EndpointTimeout, type TimeoutOverrides } from "./endpoints"
import { BnplOptionsError } from "./errors"
import { DEFAULT_MAX_RETRIES, DEFAULT_MAX_SOCKETS, oauthNeedsAuthUrl, optionsErrorOf, transportFields } from "./option-rules"
import { HintedHttpAgent, HintedHttpsAgent } from "./pool"
import { defaultUserAgent } from "./user-agent"

/** Medusa's logger shape: every method takes one string. All optional. */
export interface BnplLogger {
  debug?(message: string): void
  info?(message: string): void
  warn?(message: string): void
  error?(message: string): void
}

/** An OAuth access token as kept in a shared cache. `expiresAt`/`refreshAt` are epoch ms. */
export interface StoredToken {
  accessToken: string
  expiresAt: number
  /** When a holder should fetch a new one; absent in values written by other code. */
  refreshAt?: number
}

/** A cache shared by server instances so they use one OAuth token (e.g. Medusa's caching module). Keys never hold the secret. */
export interface TokenStore {
  get(key: string): Promise<StoredToken | undefined>
  set(key: string, value: StoredToken, ttlSeconds: number): Promise<void>
  /** Runs `job` while no other instance runs one for `key`, so instances that find the store empty fetch one token between them. */
  exclusive?<T>(key: string, job: () => Promise<T>): Promise<T>
}

export type AuthScheme = "basic" | "oauth"

/** Options of `new BnplClient(options)` / `createBnplClient(options)`. */
export interface BnplClientOptions {
  /** Merchant ID: the Basic user name and the OAuth `client_id` (docs/service-api.md "Authentication"). */
  merchantId: string
  /** Secret key: the Basic password and the OAuth `client_secret`. Never logged. */
  secretKey: string
  /** API base, the document's `{base_url}`, e.g. `http://127.0.0.1:4010` (paths add `/v2/...`). */
  baseUrl: string
  /** Token service base, the document's `{auth_url}`. Required with `authScheme: "oauth"`. */
  authUrl?: string
  /** `basic` (default) or `oauth` (client credentials, cached bearer token). */
  authScheme?: AuthScheme
  /** `User-Agent` on every request; default `medusa-payment-bnpl/<version> (Node <version>)`. */
  userAgent?: string
  /** Per-endpoint overrides of the open and read time-outs, in milliseconds. */
  timeouts?: TimeoutOverrides
  /** Retries of an idempotent call after a time-out, network error, 5xx or 409. Default 2. */
  maxRetries?: number
  /** Base of the exponential backoff in ms (jittered, capped at 5 s). Default 250. */
  retryDelayMs?: number
  logger?: BnplLogger
  /** Told of every try of every call about a payment, never a body or a credential. Must not block. */
  observer?: CallObserver
  /** Logs bodies at debug level, secrets and personal data masked. Default false: one line per try. */
  debug?: boolean
  /** Shared OAuth token cache; without it each client instance keeps its own token. */
  tokenStore?: TokenStore
  /** Pool size per host; a call that finds all busy waits within its `openMs`. Default 50. */
  maxSockets?: number
  /**
   * Most ms an idle connection stays pooled; 0 keeps none. Set it when a NAT or firewall forgets
   * idle connections sooner than the service says. Unset: the service's `Keep-Alive` hint less 1 s,
   * else 30 s (under the 60 s of load balancers that give no hint). docs/operations.md "Connection model".
   */
  keepAliveTimeoutMs?: number
  /** Default: keep-alive agents owned by the client, built from `maxSockets` and `keepAliveTimeoutMs`. */
  httpAgent?: http.Agent
  httpsAgent?: https.Agent
  /** Path templates replacing `ENDPOINTS`' defaults, for an account whose paths differ. */
  paths?: Partial<Record<EndpointName, string>>
}

/** The options with every default applied; what the rest of the client reads. */
export interface ResolvedClientOptions {
  merchantId: string
  secretKey: string
  baseUrl: string
  authUrl?: string
  authScheme: AuthScheme
  userAgent: string
  timeouts: Record<EndpointName, EndpointTimeout>
  maxRetries: number
  retryDelayMs: number
  logger: BnplLogger
  observer?: CallObserver
  debug: boolean
  tokenStore?: TokenStore
  maxSockets: number
  keepAliveTimeoutMs: number
  /** True when `keepAliveTimeoutMs` was not set: the service's hint then also lengthens it. */
  followKeepAliveHint: boolean
  httpAgent: http.Agent
  httpsAgent: https.Agent
  /** Agents the client created and therefore destroys on `close()`. */
  ownedAgents: Array<http.Agent | https.Agent>
  paths: Record<EndpointName, string>
}

export { DEFAULT_MAX_RETRIES, DEFAULT_MAX_SOCKETS }
export const DEFAULT_RETRY_DELAY_MS = 250
export const DEFAULT_KEEP_ALIVE_TIMEOUT_MS = 30_000

// The client also takes a logger, a token store and agents, which are not data: hence loose.
const emptyAsUnset = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value)

const clientOptionsSchema = z
  .looseObject({
    ...transportFields,
    authUrl: z.preprocess(emptyAsUnset, transportFields.authUrl),
    userAgent: z.preprocess(emptyAsUnset, transportFields.userAgent),
    retryDelayMs: z
      .number()
      .refine((value) => Number.isFinite(value) && value >= 0, "must be 0 or a positive number of milliseconds")
      .default(DEFAULT_RETRY_DELAY_MS),
  })
  .superRefine(oauthNeedsAuthUrl)

/** Applies the defaults. @throws BnplOptionsError naming the first option missing or malformed. */
export function resolveClientOptions(options: BnplClientOptions): ResolvedClientOptions {
  if (!options || typeof options !== "object") throw new BnplOptionsError("options", "must be an object")
  const parsed = clientOptionsSchema.safeParse(options)
  if (!parsed.success) throw optionsErrorOf(parsed.error, "client")
  const { merchantId, secretKey, baseUrl, authUrl, authScheme, maxRetries, retryDelayMs, maxSockets } = parsed.data
  const timeouts = resolveTimeouts(options.timeouts)
  const keepAliveTimeoutMs = parsed.data.keepAliveTimeoutMs ?? DEFAULT_KEEP_ALIVE_TIMEOUT_MS
  const paths = {} as Record<EndpointName, string>
  for (const name of Object.keys(ENDPOINTS) as EndpointName[]) {
    const override = options.paths?.[name]
    if (override !== undefined && !override.startsWith("/")) {
      throw new BnplOptionsError(`paths["${name}"]`, 'must start with "/"')
    }
    paths[name] = override ?? ENDPOINTS[name].path
  }

  const ownedAgents: Array<http.Agent | https.Agent> = []
  const pool = poolOptions(maxSockets, keepAliveTimeoutMs)
  const followKeepAliveHint = options.keepAliveTimeoutMs === undefined
  const httpAgent = options.httpAgent ?? own(ownedAgents, followKeepAliveHint ? new HintedHttpAgent(pool) : new http.Agent(pool))
  const httpsAgent = options.httpsAgent ?? own(ownedAgents, followKeepAliveHint ? new HintedHttpsAgent(pool) : new https.Agent(pool))

  return {
    merchantId,
    secretKey,
    baseUrl,
    authUrl,
    authScheme,
    userAgent: options.userAgent?.trim() || defaultUserAgent(),
    timeouts,
    maxRetries,
    retryDelayMs,
    logger: options.logger ?? {},
    observer: options.observer,
    debug: parsed.data.debug,
    tokenStore: options.tokenStore,
    maxSockets,
    keepAliveTimeoutMs,
    followKeepAliveHint,
    httpAgent,
    httpsAgent,
    ownedAgents,
    paths,
  }
}

// maxFreeSockets = maxSockets: Node's default would drop the rest of a burst and reopen them.
// Without `timeout` Node keeps idle sockets forever, the service closes them first and the next
// call meets a dead connection. `lifo` reuses the newest connection so the others can idle out.
function poolOptions(maxSockets: number, keepAliveTimeoutMs: number): http.AgentOptions {
  if (keepAliveTimeoutMs === 0) return { keepAlive: false, maxSockets }
  return { keepAlive: true, maxSockets, maxFreeSockets: maxSockets, timeout: keepAliveTimeoutMs, scheduling: "lifo" }
}

function own<T extends http.Agent>(list: Array<http.Agent | https.Agent>, agent: T): T {
  list.push(agent)
  return agent
}
