import axios, { type AxiosInstance, type AxiosResponse } from "axios"
import { logAttempt, observeAttempt } from "./call-log"
import { AttemptDeadline } from "./attempt-deadline"
import type { BnplApiError, BnplErrorCode } from "./errors"
import { errorFromResponse, errorFromTransport, isStaleConnection } from "./error-mapping"
import type { AttemptOutcome, HttpCall, HttpResult } from "./http-call"
import type { ResolvedClientOptions } from "./options"
import { withOutcome } from "./outcome"
import type { Redactor } from "./redact"
import { backoffDelayMs, mayResendStale, mayRetry, parseRetryAfter, sleep } from "./retry"

export type { Authorizer, HttpCall, HttpResult } from "./http-call"

const MAX_BODY_BYTES = 10 * 1024 * 1024

/** Codes of a try that got no answer but may have been read and applied by the service. */
const MAY_HAVE_ARRIVED: ReadonlySet<BnplErrorCode> = new Set(["timeout", "connection_lost"])

interface TryBudget {
  maxRetries: number
  /** Retries by the retry rule; stale-connection resends and the 401's not counted. */
  retries: number
  staleResends: number
  renewedAfter401: boolean
  /** The first try that may have reached the service, so later unreachable tries cannot make the outcome "never got it". */
  mayHaveArrived?: BnplApiError
}

/** Sends API calls through axios; an AxiosError (it holds the Authorization header) never leaves this file. */
export class HttpExecutor {
  private readonly axios: AxiosInstance

  constructor(
    private readonly options: ResolvedClientOptions,
    private readonly redact: Redactor,
  ) {
    this.axios = axios.create({
      httpAgent: options.httpAgent,
      httpsAgent: options.httpsAgent,
      // A redirect would send the Authorization header on to wherever it points.
      maxRedirects: 0,
      validateStatus: () => true,
      // Parsed here, so that a non-JSON page is recognised rather than passed on.
      responseType: "text",
      transformResponse: [(data: unknown) => data],
      maxContentLength: MAX_BODY_BYTES,
    })
  }

  /**
   * Sends the call, retrying per `call.retry` up to `maxRetries`, and once more after a 401 when the
   * Authorizer can renew. A try on a stale kept-alive connection is resent at once, uncounted: the
   * service never read it. Returns the 2xx answer; @throws BnplApiError, whose `outcome` says what the client did.
   */
  async execute(call: HttpCall): Promise<HttpResult> {
    const calledAt = Date.now()
    const budget: TryBudget = {
      maxRetries: call.maxRetries ?? this.options.maxRetries,
      retries: 0,
      staleResends: 0,
      renewedAfter401: false,
    }
    for (let attempt = 1; ; attempt++) {
      const header = call.authorization?.header()
      const authorization = typeof header === "string" || header === undefined ? header : await header
      const started = Date.now()
      const outcome = await this.attempt(call, authorization)
      const tried = { attempt, calledAt, started, ended: Date.now() }
      logAttempt(this.options, this.redact, call, attempt, started, outcome)
      if ("result" in outcome) {
        observeAttempt(this.options, call, tried, outcome, true)
        return outcome.result
      }
      // Decided before the observer hears of the try, so it knows whether the call ends here.
      const staleResendsBefore = budget.staleResends
      const next = await this.nextStep(call, attempt, outcome, authorization, budget)
      observeAttempt(this.options, call, tried, outcome, next === "give up")
      const resentAsStale = budget.staleResends > staleResendsBefore
      if (!resentAsStale && !budget.mayHaveArrived && MAY_HAVE_ARRIVED.has(outcome.error.code)) budget.mayHaveArrived = outcome.error
      if (next === "give up") {
        // A money call whose first try broke after it went out may have been applied even if the
        // retries found the service unreachable: its outcome is the first try's.
        const error = outcome.error.code === "network" && budget.mayHaveArrived ? budget.mayHaveArrived : outcome.error
        throw withOutcome(error, { endpoint: call.endpoint, retry: call.retry, requestId: call.requestId, tries: budget.retries + 1 })
      }
      if (typeof next === "number") await sleep(next)
    }
  }

  private async nextStep(
    call: HttpCall,
    attempt: number,
    outcome: Extract<AttemptOutcome, { error: unknown }>,
    authorization: string | undefined,
    budget: TryBudget,
  ): Promise<"again" | "give up" | number> {
    const { error } = outcome
    if (outcome.stale && mayResendStale(call.retry, call.resendIfStale, budget.staleResends)) {
      budget.staleResends++
      this.options.logger.debug?.(
        this.redact(
          `bnpl: ${call.endpoint} attempt ${attempt} went out on a kept-alive connection the service had closed ` +
            `(${(error.cause as { code?: string })?.code ?? "reset"} before any byte of the answer); sending it again at once on a new connection`,
        ),
      )
      return "again"
    }
    if (error.httpStatusCode === 401 && authorization && call.authorization?.refresh && !budget.renewedAfter401) {
      budget.renewedAfter401 = true
      // A 401 means the service did nothing, so even a non-idempotent call may be resent.
      if (await call.authorization.refresh(authorization)) return "again"
    }
    if (!mayRetry(call.retry, error, outcome.unsent) || budget.retries >= budget.maxRetries) return "give up"
    budget.retries++
    const delay = backoffDelayMs(budget.retries, this.options.retryDelayMs, outcome.retryAfterMs)
    this.options.logger.warn?.(
      this.redact(
        `bnpl: ${call.endpoint} attempt ${attempt} failed (${error.code}${
          error.httpStatusCode ? ` ${error.httpStatusCode}` : ""
        }); retrying in ${delay} ms`,
      ),
    )
    return delay
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
    let response: AxiosResponse<string>
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
      return { error: mapped, unsent: !state.connected, stale, firstByteMs: deadline.firstByteMs() }
    } finally {
      deadline.clear()
    }

    const result: HttpResult = {
      status: response.status,
      headers: plainHeaders(response.headers),
      text: typeof response.data === "string" ? response.data : String(response.data ?? ""),
    }
    const firstByteMs = deadline.firstByteMs()
    if (result.status >= 200 && result.status < 300) return { result, firstByteMs }
    return {
      error: errorFromResponse(call.endpoint, result.status, result.text, result.headers["content-type"], this.redact),
      status: result.status,
      unsent: false,
      stale: false,
      retryAfterMs: parseRetryAfter(result.headers["retry-after"]),
      answer: result,
      firstByteMs,
    }
  }
}

function plainHeaders(headers: unknown): Record<string, string> {
  // AxiosHeaders keeps each header as an own property; reading them directly spares toJSON's copy.
  // Skipped as toJSON skips: null, undefined, false.
  const source = (headers ?? {}) as Record<string, unknown>
  const plain: Record<string, string> = {}
  for (const name of Object.keys(source)) {
    const value = source[name]
    if (value === undefined || value === null || value === false || typeof value === "function") continue
    plain[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : String(value)
  }
  return plain
}
