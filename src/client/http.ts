import http from "node:http"
import https from "node:https"
import type { Socket } from "node:net"
import axios, { type AxiosInstance } from "axios"
import { idsOfAnswer, type CallSubject } from "./call-observer"
import type { EndpointName, HttpMethod } from "./endpoints"
import { errorFromResponse, errorFromTransport, isStaleConnection, tryParseJson, type ConnectionState } from "./error-mapping"
import { debugLine, type DebugExchange } from "./debug-log"
import type { BnplApiError } from "./errors"
import type { ResolvedClientOptions } from "./options"
import { withOutcome } from "./outcome"
import type { Redactor } from "./redact"
import { backoffDelayMs, parseRetryAfter, sleep, type RetryPolicy } from "./retry"

/**
 * Sends one API call: axios with our own time-outs, status handling and retries. Every call
 * comes back as a 2xx `HttpResult` or a `BnplApiError`; an AxiosError (which holds the
 * request's headers, including Authorization) never leaves this file.
 */

/** Supplies the Authorization header of each try, and renews it once after a 401. */
export interface Authorizer {
  /** The header value, e.g. `Basic ...` or `Bearer ...`. */
  header(): Promise<string>
  /**
   * Called after a 401 with the value that was refused. Resolves true when fresh credentials
   * are available and the call should be sent once more.
   */
  refresh?(refused: string): Promise<boolean>
}

export interface HttpCall {
  endpoint: EndpointName
  method: HttpMethod
  /** Absolute URL, query string included (already encoded by the caller). */
  url: string
  /** Serialised body. */
  body?: string
  /** Default `application/json` when there is a body. */
  contentType?: string
  /** Default `application/json`. */
  accept?: string
  retry: RetryPolicy
  /**
   * Send again at once when the try went out on a kept-alive connection the service had closed
   * (see isStaleConnection). Default: true for `idempotent` calls. Create Checkout sets it too:
   * should the service have read it after all, the duplicate is an unused checkout. A money
   * call without its keys must not: a service that read it and then closed without a byte of
   * answer would apply it twice.
   */
  resendIfStale?: boolean
  /** Overrides the client's `maxRetries` for this call. */
  maxRetries?: number
  /** For the log line and the observer. */
  requestId?: string
  /**
   * What the call is about, for the options' `observer` (call-observer.ts): every endpoint
   * call of the client has one (empty for Get Configuration); Ping and the token call have
   * none and are not observed.
   */
  subject?: CallSubject
  authorization?: Authorizer
}

export interface HttpResult {
  status: number
  /** Lower-case header names. */
  headers: Record<string, string>
  text: string
}

const MAX_BODY_BYTES = 10 * 1024 * 1024
/**
 * Resends of one call after stale kept-alive connections. One is the rule (the resend goes out
 * on a new connection); the cap only guards against a loop.
 */
const MAX_STALE_RESENDS = 3

type AttemptOutcome =
  | { result: HttpResult }
  | { error: BnplApiError; status?: number; unsent: boolean; stale: boolean; retryAfterMs?: number; answer?: HttpResult }

export class HttpExecutor {
  private readonly axios: AxiosInstance

  constructor(
    private readonly options: ResolvedClientOptions,
    private readonly redact: Redactor
  ) {
    this.axios = axios.create({
      httpAgent: options.httpAgent,
      httpsAgent: options.httpsAgent,
      // A redirect would send the Authorization header on to wherever it points.
      maxRedirects: 0,
      // Every status comes back as a response; we map them ourselves.
      validateStatus: () => true,
      // The body is parsed here, so that a non-JSON page is recognised rather than passed on.
      responseType: "text",
      transformResponse: [(data: unknown) => data],
      maxContentLength: MAX_BODY_BYTES,
    })
  }

  /**
   * Sends the call, retrying per `call.retry` (see retry.ts) up to `maxRetries` times with
   * backoff, and once more after a 401 when the Authorizer can renew its credentials. A try
   * that went out on a kept-alive connection the service had closed (see isStaleConnection)
   * is sent again at once on a new connection, whatever the policy, without counting as a
   * retry: the service never read it. Each try ends within its endpoint's `openMs + readMs`.
   * @returns the 2xx answer.
   * @throws BnplApiError (or a subclass) for every other outcome; after no answer, its
   *   message and `outcome` say what the client did (outcome.ts).
   */
  async execute(call: HttpCall): Promise<HttpResult> {
    const maxRetries = call.maxRetries ?? this.options.maxRetries
    let retries = 0
    let staleResends = 0
    let renewedAfter401 = false
    for (let attempt = 1; ; attempt++) {
      const authorization = call.authorization ? await call.authorization.header() : undefined
      const started = Date.now()
      const outcome = await this.attempt(call, authorization)
      this.logAttempt(call, attempt, started, outcome)
      this.observe(call, attempt, started, outcome)
      if ("result" in outcome) return outcome.result

      const { error } = outcome
      const resendIfStale = call.resendIfStale ?? call.retry === "idempotent"
      if (outcome.stale && resendIfStale && staleResends < MAX_STALE_RESENDS) {
        staleResends++
        this.options.logger.debug?.(
          this.redact(
            `bnpl: ${call.endpoint} attempt ${attempt} went out on a kept-alive connection the service had closed ` +
              `(${(error.cause as { code?: string })?.code ?? "reset"} before any byte of the answer); sending it again at once on a new connection`
          )
        )
        continue
      }
      if (
        error.httpStatusCode === 401 &&
        authorization &&
        call.authorization?.refresh &&
        !renewedAfter401
      ) {
        renewedAfter401 = true
        // A 401 means the service did nothing, so even a non-idempotent call may be resent.
        if (await call.authorization.refresh(authorization)) continue
      }

      const allowed =
        error.retryable && (call.retry === "idempotent" || (outcome.unsent && error.code === "network"))
      if (!allowed || retries >= maxRetries) {
        throw withOutcome(error, { endpoint: call.endpoint, retry: call.retry, requestId: call.requestId, tries: retries + 1 })
      }
      retries++
      const delay = backoffDelayMs(retries, this.options.retryDelayMs, outcome.retryAfterMs)
      this.options.logger.warn?.(
        this.redact(
          `bnpl: ${call.endpoint} attempt ${attempt} failed (${error.code}${
            error.httpStatusCode ? ` ${error.httpStatusCode}` : ""
          }); retrying in ${delay} ms`
        )
      )
      await sleep(delay)
    }
  }

  private async attempt(call: HttpCall, authorization: string | undefined): Promise<AttemptOutcome> {
    const timeouts = this.options.timeouts[call.endpoint]
    const headers: Record<string, string> = {
      "User-Agent": this.options.userAgent,
      Accept: call.accept ?? "application/json",
    }
    if (call.body !== undefined) headers["Content-Type"] = call.contentType ?? "application/json"
    if (authorization) headers.Authorization = authorization

    const deadline = new AttemptDeadline(timeouts)
    let response
    try {
      response = await this.axios.request<string>({
        url: call.url,
        method: call.method,
        data: call.body,
        headers,
        // No axios `timeout`: it is an idle time-out between bytes. AttemptDeadline ends the try instead.
        transport: deadline.transport,
      })
    } catch (error) {
      const { state } = deadline
      const mapped = errorFromTransport(call.endpoint, error, state, timeouts)
      const stale = isStaleConnection(error, state)
      if (stale) await deadline.dropIdleConnections()
      return { error: mapped, unsent: !state.connected, stale }
    } finally {
      deadline.clear()
    }

    const result: HttpResult = {
      status: response.status,
      headers: plainHeaders(response.headers),
      text: typeof response.data === "string" ? response.data : String(response.data ?? ""),
    }
    if (result.status >= 200 && result.status < 300) return { result }
    return {
      error: errorFromResponse(
        call.endpoint,
        result.status,
        result.text,
        result.headers["content-type"],
        this.redact
      ),
      status: result.status,
      unsent: false,
      stale: false,
      retryAfterMs: parseRetryAfter(result.headers["retry-after"]),
      answer: result,
    }
  }

  /** Tells the options' observer about one try; the observer's own failure never reaches the call. */
  private observe(call: HttpCall, attempt: number, started: number, outcome: AttemptOutcome): void {
    const { observer } = this.options
    if (!observer || !call.subject) return
    try {
      const answered = "result" in outcome
      let subject = call.subject
      if (answered && (!subject.orderId || !subject.token)) {
        const parsed = tryParseJson(outcome.result.text)
        if (parsed.ok) subject = idsOfAnswer(parsed.value, subject)
      }
      const httpStatus = answered ? outcome.result.status : outcome.status ?? outcome.error.httpStatusCode
      observer({
        ...subject,
        endpoint: call.endpoint,
        ...(call.requestId ? { requestId: call.requestId } : {}),
        attempt,
        startedAt: new Date(started),
        durationMs: Date.now() - started,
        ...(httpStatus === undefined ? {} : { httpStatus }),
        outcome: answered ? "ok" : outcome.error.code,
      })
    } catch {
      // The timeline is a record for people; the call goes on whatever it does.
    }
  }

  private logAttempt(call: HttpCall, attempt: number, started: number, outcome: AttemptOutcome): void {
    const debug = this.options.logger.debug
    if (!debug) return
    if (this.options.debug) debug.call(this.options.logger, debugLine(exchangeOf(call, attempt, outcome), this.redact))
    const url = new URL(call.url)
    const status =
      "result" in outcome ? String(outcome.result.status) : String(outcome.error.httpStatusCode ?? outcome.error.code)
    const line =
      `bnpl: ${call.endpoint} ${call.method} ${url.pathname}${url.search} ${status} ` +
      `${Date.now() - started} ms attempt ${attempt}` +
      (call.requestId ? ` requestId ${call.requestId}` : "")
    debug.call(this.options.logger, this.redact(line))
  }
}

/**
 * The two time-outs of one try, and what the try knew about its connection:
 * - open: from the start of the try until a connection is ready to carry it (a free pooled
 *   connection, or a new TCP connection established). It covers the wait for the pool when
 *   every connection is busy, so a saturated pool fails as "could not be reached", never hangs.
 * - read: from then until the last byte of the answer. It bounds the whole answer, not the gap
 *   between two bytes: a service dripping its answer a byte at a time ends at the deadline
 *   with a time-out error (`state.readTimedOut`), not with the network error that an abort
 *   would map to by default.
 * Both destroy the request (axios then rejects, whether the answer had begun or not).
 * `transport` is axios's hook onto Node's http/https request: Node has no connect time-out,
 * and `request.reusedSocket` and the socket's byte count are only visible there.
 */
class AttemptDeadline {
  readonly state: ConnectionState
  private request?: http.ClientRequest
  private timer?: NodeJS.Timeout
  private readonly startedAt = performance.now()
  private connectedAt?: number
  private socket?: Socket
  private bytesBefore = 0
  private dropIdle: () => Promise<void> = async () => {}

  constructor(private readonly timeouts: { openMs: number; readMs: number }) {
    const deadline = this
    this.state = {
      socketAssigned: false,
      connected: false,
      reusedSocket: false,
      openTimedOut: false,
      readTimedOut: false,
      answerBytes: () => (deadline.socket ? Math.max(0, deadline.socket.bytesRead - deadline.bytesBefore) : 0),
    }
    // One timer per try, at the earlier of the two deadlines and re-armed from there, rather
    // than one per phase: with calls one at a time each Node timer list is created and torn
    // down per call, which was a measurable part of the client's cost on loopback.
    this.arm(Math.min(timeouts.openMs, timeouts.readMs))
  }

  readonly transport = {
    request: (options: http.RequestOptions, callback: (res: http.IncomingMessage) => void) => {
      const module = options.protocol === "https:" ? https : http
      const request = module.request(options, callback)
      this.request = request
      if (this.state.openTimedOut) process.nextTick(() => this.abort())
      const agent = options.agent
      if (agent instanceof http.Agent) {
        this.dropIdle = async () => {
          // LIFO pool: the connection just found closed was the most recently used free one, so
          // every other free connection has been idle longer: close them all. (By every name:
          // the agent's key for the host is built from options Node normalises itself.) The
          // agent forgets a socket at its 'close', so the resend waits for that.
          const idle = Object.values(agent.freeSockets as NodeJS.Dict<Socket[]>).flatMap((sockets) => sockets ?? [])
          await Promise.all(
            idle.map((socket) => new Promise<void>((resolve) => (socket.closed ? resolve() : socket.once("close", () => resolve()).destroy())))
          )
        }
      }
      request.once("socket", (socket: Socket) => {
        this.state.socketAssigned = true
        this.socket = socket
        this.bytesBefore = socket.bytesRead
        this.state.reusedSocket = request.reusedSocket
        if (socket.connecting) socket.once("connect", () => this.connected())
        // A kept-alive socket is open already; anything else never connected.
        else if (socket.readyState === "open") this.connected()
      })
      return request
    },
  }

  /** Closes the client's other idle connections, after a try met one the service had closed. */
  dropIdleConnections(): Promise<void> {
    return this.dropIdle()
  }

  clear(): void {
    clearTimeout(this.timer)
  }

  private connected(): void {
    if (this.state.openTimedOut || this.state.connected) return
    this.state.connected = true
    this.connectedAt = performance.now()
  }

  private arm(ms: number): void {
    this.timer = setTimeout(() => this.expire(), Math.max(0, ms))
  }

  /** The timer fired: ends the try if its current deadline has passed, else waits for it. */
  private expire(): void {
    const now = performance.now()
    if (this.connectedAt === undefined) {
      const left = this.startedAt + this.timeouts.openMs - now
      if (left > 0) return this.arm(left)
      this.state.openTimedOut = true
    } else {
      const left = this.connectedAt + this.timeouts.readMs - now
      if (left > 0) return this.arm(left)
      this.state.readTimedOut = true
    }
    this.abort()
  }

  /** Ends the try: axios sees the request (or its answer's stream) fail and rejects. */
  private abort(): void {
    this.request?.destroy(Object.assign(new Error("deadline"), { code: "BNPL_DEADLINE" }))
  }
}

/** The `debug` option's view of one try: the request's body and the answer's (debug-log.ts masks them). */
function exchangeOf(call: HttpCall, attempt: number, outcome: AttemptOutcome): DebugExchange {
  const url = new URL(call.url)
  const answer = "result" in outcome ? outcome.result : outcome.answer
  return {
    endpoint: call.endpoint,
    method: call.method,
    path: `${url.pathname}${url.search}`,
    attempt,
    request: { body: call.body, contentType: call.contentType },
    answer: answer && { status: answer.status, body: answer.text, contentType: answer.headers["content-type"] },
    failure: "error" in outcome ? outcome.error.message : undefined,
  }
}

function plainHeaders(headers: unknown): Record<string, string> {
  // axios's AxiosHeaders keeps each header as an own property (Node's names, lower-case);
  // reading them directly spares toJSON's copy. Skipped as toJSON skips: null, undefined, false.
  const source = (headers ?? {}) as Record<string, unknown>
  const plain: Record<string, string> = {}
  for (const name of Object.keys(source)) {
    const value = source[name]
    if (value === undefined || value === null || value === false || typeof value === "function") continue
    plain[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : String(value)
  }
  return plain
}
