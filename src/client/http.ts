import http from "node:http"
import https from "node:https"
import type { Socket } from "node:net"
import axios, { type AxiosInstance } from "axios"
import type { EndpointName, HttpMethod } from "./endpoints"
import { errorFromResponse, errorFromTransport, type ConnectionState } from "./error-mapping"
import type { BnplApiError } from "./errors"
import type { ResolvedClientOptions } from "./options"
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
  /** Overrides the client's `maxRetries` for this call. */
  maxRetries?: number
  /** For the log line only. */
  requestId?: string
  authorization?: Authorizer
}

export interface HttpResult {
  status: number
  /** Lower-case header names. */
  headers: Record<string, string>
  text: string
}

const READ_TIMEOUT_MARKER = "BNPL_READ_TIMEOUT"
const MAX_BODY_BYTES = 10 * 1024 * 1024

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
      timeoutErrorMessage: READ_TIMEOUT_MARKER,
    })
  }

  /**
   * Sends the call, retrying per `call.retry` (see retry.ts) up to `maxRetries` times with
   * backoff, and once more after a 401 when the Authorizer can renew its credentials.
   * @returns the 2xx answer.
   * @throws BnplApiError (or a subclass) for every other outcome.
   */
  async execute(call: HttpCall): Promise<HttpResult> {
    const maxRetries = call.maxRetries ?? this.options.maxRetries
    let retries = 0
    let renewedAfter401 = false
    for (let attempt = 1; ; attempt++) {
      const authorization = call.authorization ? await call.authorization.header() : undefined
      const started = Date.now()
      const outcome = await this.attempt(call, authorization)
      this.logAttempt(call, attempt, started, outcome)
      if ("result" in outcome) return outcome.result

      const { error } = outcome
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
      if (!allowed || retries >= maxRetries) throw error
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

  private async attempt(
    call: HttpCall,
    authorization: string | undefined
  ): Promise<
    | { result: HttpResult }
    | { error: BnplApiError; status?: number; unsent: boolean; retryAfterMs?: number }
  > {
    const timeouts = this.options.timeouts[call.endpoint]
    const state: ConnectionState = { connected: false, openTimedOut: false }
    const headers: Record<string, string> = {
      "User-Agent": this.options.userAgent,
      Accept: call.accept ?? "application/json",
    }
    if (call.body !== undefined) headers["Content-Type"] = call.contentType ?? "application/json"
    if (authorization) headers.Authorization = authorization

    let response
    try {
      response = await this.axios.request<string>({
        url: call.url,
        method: call.method,
        data: call.body,
        headers,
        // axios applies this as the socket's idle time-out once connected: the read time-out.
        timeout: timeouts.readMs,
        transport: connectionTrackingTransport(state, timeouts.openMs),
      })
    } catch (error) {
      const mapped = errorFromTransport(call.endpoint, error, state, timeouts, READ_TIMEOUT_MARKER)
      return { error: mapped, unsent: !state.connected }
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
      retryAfterMs: parseRetryAfter(result.headers["retry-after"]),
    }
  }

  private logAttempt(
    call: HttpCall,
    attempt: number,
    started: number,
    outcome: { result: HttpResult } | { error: BnplApiError }
  ): void {
    const debug = this.options.logger.debug
    if (!debug) return
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
 * An axios `transport` that is Node's http/https plus an open time-out: a timer from the
 * moment the request gets its socket until the TCP connection is established. A kept-alive
 * socket that is reused is already connected. Node has no connect time-out of its own, and
 * axios's `timeout` only covers the wait for the answer.
 */
function connectionTrackingTransport(state: ConnectionState, openMs: number) {
  return {
    request(options: http.RequestOptions, callback: (res: http.IncomingMessage) => void) {
      const module = options.protocol === "https:" ? https : http
      const request = module.request(options, callback)
      request.once("socket", (socket: Socket) => {
        if (!socket.connecting) {
          state.connected = true
          return
        }
        const timer = setTimeout(() => {
          state.openTimedOut = true
          request.destroy(Object.assign(new Error("open time-out"), { code: "BNPL_OPEN_TIMEOUT" }))
        }, openMs)
        socket.once("connect", () => {
          clearTimeout(timer)
          state.connected = true
        })
        socket.once("close", () => clearTimeout(timer))
      })
      return request
    },
  }
}

function plainHeaders(headers: unknown): Record<string, string> {
  const plain: Record<string, string> = {}
  const source =
    headers && typeof (headers as { toJSON?: unknown }).toJSON === "function"
      ? (headers as { toJSON(): Record<string, unknown> }).toJSON()
      : ((headers ?? {}) as Record<string, unknown>)
  for (const [name, value] of Object.entries(source)) {
    if (value === undefined || value === null) continue
    plain[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : String(value)
  }
  return plain
}
