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
import { BnplApiError } from "./errors"
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
  /** Decides the base URL, credentials, time-outs and the name in errors and logs. */
  endpoint: EndpointName
  /** Default: the endpoint's method. */
  method?: HttpMethod
  /** Path as sent, already encoded, e.g. `/v2/payments`. */
  path: string
  /** Query string as sent, already encoded, without `?`. */
  query?: string
  /** Serialised as JSON. */
  body?: unknown
  /** Default: `idempotent` for GET and PUT, `unsent-only` otherwise (see retry.ts). */
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
 * The Merchant API v2 client: one method per endpoint of docs/service-api.md (and of
 * docs/service-api.md where the document shows none).
 *
 * Common to every method:
 * - amounts are the API's strings with exactly 2 decimals (`"10.00"`); use money.ts to make them;
 * - the request is validated with its zod schema before anything is sent
 *   (`BnplValidationError` with `field` and rule), and a 2xx body is validated too
 *   (`BnplApiError` code `invalid_response`);
 * - a non-2xx answer is a `BnplApiError` with `code` (see errors.ts), `httpStatusCode`,
 *   `errorCode`, `errorId`; no answer is a `BnplTimeoutError` or `BnplNetworkError`;
 * - idempotent calls are retried (see retry.ts); in OAuth mode a 401 renews the token and
 *   resends once.
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

  /**
   * Ping (`GET /ping`, no authentication; docs/service-api.md). Not retried, so a
   * health check answers promptly.
   * @returns true when the service answered 2xx; false on any failure (never throws).
   */
  async ping(): Promise<boolean> {
    return this.sendPing("warn")
  }

  /**
   * Opens a connection to the service ahead of need, so the shopper's next call (Create
   * Checkout) goes out on a warm socket, TLS included, instead of paying one round trip for
   * TCP and one for TLS first. Call it when a shopper reaches the payment step. Sends one Ping
   * when the pool holds no idle connection to the service and no warm-up is under way;
   * otherwise does nothing. Bounded by the pool (`maxSockets`). Never throws; a failure is
   * logged at debug level (the shopper's own call will meet and report any real outage).
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
        this.credentials.redact(`bnpl: ping failed (${error instanceof BnplApiError ? error.message : "unknown error"})`)
      )
      return false
    }
  }

  /**
   * Get access token (docs/service-api.md "Get access token"): the current OAuth bearer token,
   * from the cache (memory or `tokenStore`) or fetched once for all concurrent callers.
   * @returns the bare JWT, without `Bearer `.
   * @throws BnplOptionsError when `authUrl` is not set; BnplApiError with endpoint
   *   `Get access token` (`unauthorized` for bad credentials).
   */
  async getAccessToken(): Promise<string> {
    return this.credentials.accessToken()
  }

  /**
   * Get Configuration (`GET /v2/configuration`): the account's minimum and maximum order
   * amounts, e.g. `{ minimumAmount: { amount: "1.00", currency: "GBP" }, ... }`.
   */
  async getConfiguration(): Promise<ConfigurationResult> {
    const { body, headers } = await this.call("Get Configuration", [])
    return { configuration: body, maxAgeSeconds: maxAgeSeconds(headers["cache-control"]) }
  }

  // Each method below is its row of the endpoint table (endpoints.ts): path parameters first,
  // then the request, validated by the row's schema; retried per the row's rule.

  /**
   * Create Checkout (`POST /v2/checkouts`, docs/service-api.md): `amount` and
   * `consumer.email` required, item `price` is the unit price, at most 100 items.
   * Not retried once a connection was made: the call has no idempotency key. Sent again at
   * once when it went out on a kept-alive connection the service had closed: at worst that
   * leaves an unused checkout, which expires.
   * @returns `{ token, expires, redirectCheckoutUrl }` (201).
   * @throws BnplApiError `unsupported` (amount outside the limits, currency not served),
   *   `invalid_request`, `invalid_amount`.
   */
  readonly createCheckout = this.method("Create Checkout")

  /** Get Checkout (`GET /v2/checkouts/{token}`). @throws `invalid_token` (412: invalid, expired, completed, unknown). */
  readonly getCheckout = this.method("Get Checkout")

  /**
   * Auth (`POST /v2/payments/auth`): authorise the payment of a confirmed checkout.
   * With a `requestId` the call is idempotent and retried; without one it is not.
   * @returns the APPROVED payment (201).
   * @throws BnplDeclinedError (402, `payment` is the DECLINED payment); BnplApiError
   *   `invalid_token` (402), `not_confirmed` (412 invalid_order_transaction_status),
   *   `invalid_request` (422).
   */
  readonly auth = this.method("Auth")

  /** Get Payment (`GET /v2/payments/{orderId}`, docs/service-api.md). @throws BnplApiError `not_found`. */
  readonly getPayment = this.method("Get Payment")

  /** Get Payment By Token (`GET /v2/payments/token:{token}`): the payment made from a checkout token. @throws `not_found`. */
  readonly getPaymentByToken = this.method("Get Payment By Token")

  /**
   * List Payments (`GET /v2/payments`): one page, `{ limit, offset, totalResults, results }`.
   * The query is encoded per the document's rules (see query.ts); `limit` 1..250.
   */
  readonly listPayments = this.method("List Payments")

  /** Every payment matching `query` across all pages (pagination.ts), lazily; `query.limit` is the page size. */
  iteratePayments(query: ListPaymentsQuery = {}): AsyncGenerator<Payment, void, undefined> {
    return iterateAllPayments((page) => this.listPayments(page), query)
  }

  /**
   * Capture Payment (`POST /v2/payments/{orderId}/capture`, docs/service-api.md):
   * `{ requestId, amount, merchantReference?, paymentEventMerchantReference? }`. Idempotent on
   * `requestId`, so retried. @returns the payment with its new CAPTURED event (201).
   * @throws BnplApiError `not_found`, `already_captured` (410), `precondition_failed`
   *   (412 payment_voided / payment_expired), `invalid_amount`.
   */
  readonly capturePayment = this.method("Capture Payment")

  /**
   * Void Payment (`POST /v2/payments/{orderId}/void`, docs/service-api.md):
   * `{ requestId, amount? }` (no amount: all that is open to capture). Idempotent on `requestId`.
   * @returns the payment (VOIDED, or CAPTURED when part had been captured).
   */
  readonly voidPayment = this.method("Void Payment")

  /**
   * Create Refund (`POST /v2/payments/{orderId}/refund`): full or partial. Idempotent, and
   * therefore retried, only when both `requestId` and `merchantReference` (max 85) are given.
   * @returns the Refund: the echoed request plus `refundId` and `refundedAt` (201).
   * @throws BnplApiError `precondition_failed` (412), `invalid_amount` (422, more than is
   *   available), `invalid_request` (422, e.g. currency differs from the order's).
   */
  readonly createRefund = this.method("Create Refund")

  /**
   * Update Shipping Courier (`PUT /v2/payments/{orderId}/courier`): `{ shippedAt?, name?,
   * tracking?, priority? }`; a PUT, so retried. @returns the payment (200).
   * @throws BnplApiError `precondition_failed` (412, no such order), `invalid_request` (422).
   */
  readonly updateShippingCourier = this.method("Update Shipping Courier")

  /**
   * Immediate Payment Capture (`POST /v2/payments/capture`, docs/service-api.md):
   * authorises and captures the whole amount of a confirmed checkout in one call,
   * `{ token, requestId?, merchantReference?, amount? }`. With a `requestId` the call is
   * idempotent and retried; without one it is not.
   * @returns the payment (201): `status` APPROVED with `paymentState` CAPTURED, or DECLINED
   *   (the service answers a declined capture with 201 too, so check `status`).
   * @throws BnplApiError as Auth: `invalid_token` (402), `not_confirmed` (412),
   *   `invalid_request` / `invalid_amount` (422).
   */
  readonly immediateCapturePayment = this.method("Immediate Payment Capture")

  /**
   * Reverse Payment By Token (`POST /v2/payments/token:{token}/reversal`, no body,
   * docs/service-api.md): asks the service to reverse (void, or refund in full)
   * whatever order was made from a checkout token. Meant for an Auth or capture whose answer
   * was lost, when the order id is unknown. Reversing twice changes nothing more, so it is
   * retried. Resolves on the service's 204, which does NOT mean the reversal is done: it is
   * applied asynchronously (read the payment by token to see it).
   * @throws BnplApiError `not_found` (404, unknown token).
   */
  readonly reversePaymentByToken = this.method("Reverse Payment By Token")

  /**
   * Update Payment (`PUT /v2/payments/{orderId}`): a new `merchantReference` (max 128); retried.
   * @returns the payment (200). @throws BnplApiError `not_found` (404), `invalid_request` (422).
   */
  readonly updatePayment = this.method("Update Payment")

  /**
   * Low-level escape hatch: sends `spec` as given, with the endpoint's credentials,
   * time-outs, retries and error mapping, but WITHOUT request or response validation. For an
   * operation the client does not model, or to see the service's answer to a request the
   * typed methods refuse to send.
   * @returns any 2xx answer. @throws BnplApiError as the typed methods do.
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

  /** The client method of endpoint `name`: its arguments as EndpointArgs, its answer as EndpointResult. */
  private method<N extends EndpointName>(name: N): (...args: EndpointArgs<N>) => Promise<EndpointResult<N>> {
    return async (...args) => (await this.call(name, args)).body
  }

  /**
   * One call per the endpoint's row: path parameters checked (`requirePathParam`), the request
   * validated by the row's schema (a missing one reads as `{}`), sent as JSON or as the row's
   * query, retried per the row's rule, the 2xx body validated by the row's response schema.
   */
  private async call<N extends EndpointName>(
    name: N,
    args: readonly unknown[]
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
      throw new BnplApiError({
        code: "invalid_response",
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

  /** Get access token: client credentials, form-encoded (docs/service-api.md "Get access token"). */
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
