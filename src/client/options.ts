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

/**
 * A cache shared by several server instances so they use one OAuth token between them
 * (e.g. Medusa's caching module). Keys never contain the secret key.
 */
export interface TokenStore {
  get(key: string): Promise<StoredToken | undefined>
  set(key: string, value: StoredToken, ttlSeconds: number): Promise<void>
  /**
   * Runs `job` while no other instance runs one for `key` (e.g. Medusa's Locking Module), so
   * the instances that find the store empty at the same moment ask the token service once:
   * the first fetches and stores, the others find its token when their turn comes.
   * Optional; without it each instance that finds the store empty fetches its own token.
   */
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
  /**
   * Told of every try of every call about a payment (call-observer.ts): its operation,
   * requestId, amount, outcome and duration, never a body or a credential. Must not block.
   */
  observer?: CallObserver
  /**
   * Log each request and answer with their bodies at debug level through `logger.debug`,
   * secrets and personal data masked (debug-log.ts). Default false: one summary line per try.
   */
  debug?: boolean
  /** Shared OAuth token cache; without it each client instance keeps its own token. */
  tokenStore?: TokenStore
  /**
   * Most connections open at once to one host (the pool size). A call that finds them all
   * busy waits for one, within its endpoint's `openMs`. Default 50. Ignored when you pass
   * your own agents.
   */
  maxSockets?: number
  /**
   * The most an idle kept-alive connection stays in the pool, in ms; 0 keeps none (a new
   * connection per call). A shorter `Keep-Alive: timeout=` hint from the service wins (less
   * 1 s). Set it when something between you and the service (a NAT, a firewall) forgets
   * idle connections sooner than the service says. Unset (the default): the service's hint
   * decides in both directions, less 1 s (pool.ts), and without a hint a connection is kept
   * `DEFAULT_KEEP_ALIVE_TIMEOUT_MS` (30 s: under the 60 s of the load balancers that give no
   * hint, AWS ALB 60 s, nginx 75 s; servers with shorter idle time-outs, Node's and
   * Apache's 5 s, say so in the hint). Ignored when you pass your own agents.
   */
  keepAliveTimeoutMs?: number
  /**
   * Agents for plain and TLS connections; default keep-alive agents owned by the client,
   * built from `maxSockets` and `keepAliveTimeoutMs`.
   */
  httpAgent?: http.Agent
  httpsAgent?: https.Agent
  /**
   * Path templates replacing the defaults of `ENDPOINTS`, for an account whose paths differ
   * from docs/service-api.md, e.g. `{ "Get Payment By Token": "/v2/payments/token:{token}" }`.
   */
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
  /** The agents' idle time-out: the option, or `DEFAULT_KEEP_ALIVE_TIMEOUT_MS` when unset. */
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
/** Idle time-out of pooled connections when the option is unset and the service gives no hint: see `BnplClientOptions.keepAliveTimeoutMs`. */
export const DEFAULT_KEEP_ALIVE_TIMEOUT_MS = 30_000

/**
 * The constructor's own input, checked with the same zod pieces as the plugin's options
 * (option-rules.ts). Loose: the client also takes a logger, a token store and agents, which
 * are not data. An empty `authUrl` or `userAgent` is taken as unset.
 */
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

/**
 * Checks the options and applies the defaults.
 * @throws BnplOptionsError naming the first option that is missing or malformed.
 */
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

/**
 * The pool of the client's own agents (docs/operations.md, "Connection model"):
 * - keep-alive, so consecutive calls reuse a connection instead of a TCP (and TLS) handshake each;
 * - at most `maxSockets` connections per host, and all of them kept when idle
 *   (`maxFreeSockets`; Node's default 256 would drop the rest of a burst and reopen them next time);
 * - idle ones closed after `keepAliveTimeoutMs` (`timeout`: Node destroys a free socket when it
 *   fires) or the service's `Keep-Alive: timeout=` hint less 1 s: the shorter when the option
 *   is set (Node's rule), the hint when it is not (pool.ts); without a time-out Node keeps
 *   idle sockets forever, so the service closes them first and the next call meets a dead
 *   connection;
 * - `lifo`: the most recently used connection first, so the others can idle out.
 */
function poolOptions(maxSockets: number, keepAliveTimeoutMs: number): http.AgentOptions {
  if (keepAliveTimeoutMs === 0) return { keepAlive: false, maxSockets }
  return { keepAlive: true, maxSockets, maxFreeSockets: maxSockets, timeout: keepAliveTimeoutMs, scheduling: "lifo" }
}

function own<T extends http.Agent>(list: Array<http.Agent | https.Agent>, agent: T): T {
  list.push(agent)
  return agent
}
