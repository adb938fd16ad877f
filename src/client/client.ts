import type { z } from "zod"
import { maxAgeSeconds } from "./cache-control"
import {
  ENDPOINTS,
  fillPath,
  pathParams,
  retryFor,
  type EndpointArgs,
  type EndpointName,
  type EndpointResult,
  type EndpointSpec,
  type HttpMethod,
} from "./endpoints"
import { tryParseJson } from "./error-mapping"
import { subjectOfRequest } from "./call-observer"
import { ClientCredentials } from "./credentials"
import { BnplApiError, BnplInvalidResponseError } from "./errors"
import { HttpExecutor, type Authorizer, type HttpResult } from "./http"
import { resolveClientOptions, type BnplClientOptions, type ResolvedClientOptions } from "./options"
import { iterateAllPayments } from "./pagination"
import { hasIdleConnection } from "./pool"
import type { RetryPolicy } from "./retry"
import type { AccessTokenResponse, Configuration, ListPaymentsQuery, Payment } from "./schemas"
import { parseResponse, requirePathParam, validateRequest } from "./validate"

/** Get Configuration's answer and how long it may be cached (from `Cache-Control`). */
export interface ConfigurationResult {
  configuration: Configuration
  /** `max-age` in seconds; 0 for `no-store`/`no-cache`; undefined when the header says neither. */
  maxAgeSeconds?: number
}

/** A call through `BnplClient.request`: sent as given, with no validation. */
export interface RawRequest {
  endpoint: EndpointName
  method?: HttpMethod
  /** Path as sent, already encoded, e.g. `/v2/payments`. */
  path: string
  /** Query string as sent, already encoded, without `?`. */
  query?: string
  body?: unknown
  /** Default: `idempotent` for GET and PUT, `unsent-only` otherwise. */
  retry?: RetryPolicy
  requestId?: string
}

export interface RawResponse {
  status: number
  headers: Record<string, string>
  /** The parsed JSON, or the text when the body is not JSON. */
  body: unknown
}

/**
 * The Merchant API v2 client, one method per endpoint (docs/service-api.md "Endpoints").
 * Amounts are API strings with 2 decimals. Requests and 2xx bodies are validated
 * (`BnplValidationError`; `BnplApiError` `invalid_response`); a non-2xx answer is a
 * `BnplApiError`, no answer a `BnplTimeoutError` or `BnplNetworkError`. Idempotent calls are
 * retried; in OAuth mode a 401 renews the token and resends once.
 */
export class BnplClient {
  private readonly options: ResolvedClientOptions
  private readonly http: HttpExecutor
  private readonly credentials: ClientCredentials

  /** @throws BnplOptionsError naming an option that is missing or malformed. */
  constructor(options: BnplClientOptions) {
    this.options = resolveClientOptions(options)
    this.credentials = new ClientCredentials(this.options, () => this.fetchToken())
    this.http = new HttpExecutor(this.options, this.credentials.redact)
  }

  private get authorizer(): Authorizer {
    return this.credentials.authorizer
  }

  /** docs/service-api.md "Ping". Not retried, so a health check answers promptly; never throws. */
  async ping(): Promise<boolean> {
    return this.sendPing("warn")
  }

  /**
   * Opens a connection ahead of need, so the shopper's Create Checkout goes out on a warm
   * socket with TCP and TLS done. Pings only when the pool has no idle connection and no
   * warm-up is under way. Never throws: the shopper's own call will report a real outage.
   */
  warm(): void {
    if (this.warming || this.options.keepAliveTimeoutMs === 0) return
    const agent = this.options.baseUrl.startsWith("https:") ? this.options.httpsAgent : this.options.httpAgent
    if (hasIdleConnection(agent, this.options.baseUrl)) return
    this.warming = this.sendPing("debug").finally(() => (this.warming = undefined))
  }

  private warming?: Promise<boolean>

  private async sendPing(failureLevel: "warn" | "debug"): Promise<boolean> {
    try {
      await this.http.execute({
        endpoint: "Ping",
        method: ENDPOINTS.Ping.method,
        url: this.url("Ping"),
        accept: "text/plain, application/json",
        ...retryFor(ENDPOINTS.Ping.retry, undefined),
      })
      return true
    } catch (error) {
      this.options.logger[failureLevel]?.(
        this.credentials.redact(`bnpl: ping failed (${error instanceof BnplApiError ? error.message : "unknown error"})`),
      )
      return false
    }
  }

  /**
   * The bare OAuth JWT, cached or fetched once for all concurrent callers.
   * docs/service-api.md "Get access token". @throws BnplOptionsError without `authUrl`; BnplApiError `unauthorized`.
   */
  async getAccessToken(): Promise<string> {
    return this.credentials.accessToken()
  }

  /** docs/service-api.md "Get Configuration": the order amount limits, and how long to cache them. */
  async getConfiguration(): Promise<ConfigurationResult> {
    const { body, headers } = await this.call("Get Configuration", [])
    return { configuration: body, maxAgeSeconds: maxAgeSeconds(headers["cache-control"]) }
  }

  /**
   * docs/service-api.md "Create Checkout"; returns `{ token, expires, redirectCheckoutUrl }`. Not
   * retried once sent: it has no idempotency key. @throws BnplApiError `unsupported`, `invalid_request`, `invalid_amount`.
   */
  readonly createCheckout = this.method("Create Checkout")

  /** Get Checkout (`GET /v2/checkouts/{token}`). @throws `invalid_token` (412: invalid, expired, completed, unknown). */
  readonly getCheckout = this.method("Get Checkout")

  /**
   * docs/service-api.md "Auth": the APPROVED payment; retried only with a `requestId`. @throws
   * BnplDeclinedError (with the DECLINED payment); BnplApiError `invalid_token`, `not_confirmed`, `invalid_request`.
   */
  readonly auth = this.method("Auth")

  /** docs/service-api.md "Get Payment". @throws BnplApiError `not_found`. */
  readonly getPayment = this.method("Get Payment")

  /** Get Payment By Token (`GET /v2/payments/token:{token}`): the payment made from a checkout token. @throws `not_found`. */
  readonly getPaymentByToken = this.method("Get Payment By Token")

  /** docs/service-api.md "List Payments": one page, `{ limit, offset, totalResults, results }`; `limit` 1..250. */
  readonly listPayments = this.method("List Payments")

  /** Every payment matching `query` across all pages, lazily; `query.limit` is the page size. */
  iteratePayments(query: ListPaymentsQuery = {}): AsyncGenerator<Payment, void, undefined> {
    return iterateAllPayments((page) => this.listPayments(page), query)
  }

  /**
   * docs/service-api.md "Capture Payment"; idempotent on `requestId`, so retried. @throws BnplApiError
   * `not_found`, `already_captured`, `precondition_failed` (voided, expired), `invalid_amount`.
   */
  readonly capturePayment = this.method("Capture Payment")

  /** docs/service-api.md "Void Payment"; without `amount` voids all that is open. Idempotent on `requestId`. */
  readonly voidPayment = this.method("Void Payment")

  /**
   * docs/service-api.md "Create Refund"; retried only with both `requestId` and `merchantReference`.
   * @throws BnplApiError `precondition_failed`, `invalid_amount` (more than available), `invalid_request`.
   */
  readonly createRefund = this.method("Create Refund")

  /** docs/service-api.md "Update Shipping Courier"; a PUT, so retried. @throws `precondition_failed`, `invalid_request`. */
  readonly updateShippingCourier = this.method("Update Shipping Courier")

  /**
   * docs/service-api.md "Immediate Payment Capture": authorises and captures in one call; retried only
   * with a `requestId`. A decline is a 201 too, so check `status`. @throws as Auth.
   */
  readonly immediateCapturePayment = this.method("Immediate Payment Capture")

  /**
   * docs/service-api.md "Reverse Payment By Token", for an Auth or capture whose answer was lost.
   * The 204 does not mean done: the reversal applies asynchronously. @throws BnplApiError `not_found`.
   */
  readonly reversePaymentByToken = this.method("Reverse Payment By Token")

  /** docs/service-api.md "Update Payment": a new `merchantReference` (max 128); retried. */
  readonly updatePayment = this.method("Update Payment")

  /**
   * Sends `spec` as given, with credentials, retries and error mapping but no validation.
   * Resolves on any 2xx answer. @throws BnplApiError as the typed methods do.
   */
  async request(spec: RawRequest): Promise<RawResponse> {
    const definition: EndpointSpec = ENDPOINTS[spec.endpoint]
    const method = spec.method ?? definition.method
    const base = definition.base === "auth" ? this.credentials.requireAuthUrl() : this.options.baseUrl
    const result = await this.http.execute({
      endpoint: spec.endpoint,
      method,
      url: `${base}${spec.path}${spec.query ? `?${spec.query}` : ""}`,
      body: spec.body === undefined ? undefined : JSON.stringify(spec.body),
      retry: spec.retry ?? (method === "POST" ? "unsent-only" : "idempotent"),
      requestId: spec.requestId,
      authorization: definition.access === "public" ? undefined : this.authorizer,
    })
    const parsed = tryParseJson(result.text)
    return { status: result.status, headers: result.headers, body: parsed.ok ? parsed.value : result.text }
  }

  /** Closes the kept-alive connections of the agents the client created (not yours). */
  close(): void {
    for (const agent of this.options.ownedAgents) agent.destroy()
  }

  private method<N extends EndpointName>(name: N): (...args: EndpointArgs<N>) => Promise<EndpointResult<N>> {
    return async (...args) => (await this.call(name, args)).body
  }

  private async call<N extends EndpointName>(
    name: N,
    args: readonly unknown[],
  ): Promise<{ body: EndpointResult<N>; headers: Record<string, string> }> {
    const spec: EndpointSpec = ENDPOINTS[name]
    const names = pathParams(spec.path)
    const params: Record<string, string> = {}
    for (let i = 0; i < names.length; i++) params[names[i]] = requirePathParam(name, names[i], args[i])
    const request = spec.request ? validateRequest(name, spec.request, args[names.length] ?? {}) : undefined
    const query = spec.query && request !== undefined ? spec.query(request as never) : undefined
    const result = await this.http.execute({
      endpoint: name,
      method: spec.method,
      url: this.url(name, params, query),
      body: request === undefined || spec.query ? undefined : JSON.stringify(request),
      ...retryFor(spec.retry, request),
      resendIfStale: spec.resendIfStale,
      requestId: (request as { requestId?: string } | undefined)?.requestId,
      subject: subjectOfRequest(params, request),
      authorization: spec.access === "merchant" ? this.authorizer : undefined,
    })
    const body = spec.response ? this.parse(name, spec.response, result) : undefined
    return { body: body as EndpointResult<N>, headers: result.headers }
  }

  private parse<S extends z.ZodType>(endpoint: EndpointName, schema: S, result: HttpResult): z.output<S> {
    const parsed = tryParseJson(result.text)
    if (!parsed.ok) {
      throw new BnplInvalidResponseError({
        endpoint,
        httpStatusCode: result.status,
        message: `${endpoint}: HTTP ${result.status} with a body that is not JSON`,
      })
    }
    return parseResponse(endpoint, schema, parsed.value, result.status)
  }

  private url(endpoint: EndpointName, params?: Record<string, string>, query?: string): string {
    const base = ENDPOINTS[endpoint].base === "auth" ? this.credentials.requireAuthUrl() : this.options.baseUrl
    const path = fillPath(this.options.paths[endpoint], params)
    return `${base}${path}${query ? `?${query}` : ""}`
  }

  private async fetchToken(): Promise<AccessTokenResponse> {
    const form = new URLSearchParams({
      grant_type: "client_credentials",
      client_id: this.options.merchantId,
      client_secret: this.options.secretKey,
      scope: "merchant_api_v2",
    })
    const result = await this.http.execute({
      endpoint: "Get access token",
      method: ENDPOINTS["Get access token"].method,
      url: this.url("Get access token"),
      body: form.toString(),
      contentType: "application/x-www-form-urlencoded",
      ...retryFor(ENDPOINTS["Get access token"].retry, undefined),
    })
    return this.parse("Get access token", ENDPOINTS["Get access token"].response, result)
  }
}

/** Same as `new BnplClient(options)`. @throws BnplOptionsError. */
export function createBnplClient(options: BnplClientOptions): BnplClient {
  return new BnplClient(options)
}
