/** The Merchant API v2 client; `createBnplClient(options)` is the entry point. */
export { BnplClient, createBnplClient } from "./client"
export type { ConfigurationResult, RawRequest, RawResponse } from "./client"
export type {
  AuthScheme,
  BnplClientOptions,
  BnplLogger,
  ResolvedClientOptions,
  StoredToken,
  TokenStore,
} from "./options"
export {
  DEFAULT_KEEP_ALIVE_TIMEOUT_MS,
  DEFAULT_MAX_RETRIES,
  DEFAULT_MAX_SOCKETS,
  DEFAULT_RETRY_DELAY_MS,
  resolveClientOptions,
} from "./options"
export {
  DEFAULT_TIMEOUTS,
  ENDPOINT_NAMES,
  ENDPOINT_SHORT_NAMES,
  ENDPOINTS,
  fillPath,
  resolveTimeouts,
  retryOf,
} from "./endpoints"
export type {
  EndpointArgs,
  EndpointDefinition,
  EndpointName,
  EndpointResult,
  EndpointShortName,
  EndpointSpec,
  EndpointTimeout,
  HttpMethod,
  RetryRule,
  ServiceRequest,
  TimeoutOverrides,
} from "./endpoints"
export { basicAuthorization, OAuthTokenProvider, refreshMarginMs, tokenStoreKey } from "./auth"
export type { OAuthTokenProviderDeps } from "./auth"
export { HttpExecutor } from "./http"
export type { Authorizer, HttpCall, HttpResult } from "./http-call"
export { backoffDelayMs, MAX_BACKOFF_MS, parseRetryAfter } from "./retry"
export type { RetryPolicy } from "./retry"
export { encodeListPaymentsQuery, encodeQueryValue } from "./query"
export { iterateAllPayments } from "./pagination"
export { maxAgeSeconds } from "./cache-control"
export { createRedactor, REDACTED } from "./redact"
export type { Redactor } from "./redact"
export { errorFromResponse, errorFromTransport, isStaleConnection } from "./error-mapping"
export type { ConnectionState } from "./error-mapping"
export { withOutcome } from "./outcome"
export type { GiveUp } from "./outcome"
export { parseResponse, requirePathParam, validateRequest } from "./validate"
export { defaultUserAgent, packageVersion } from "./user-agent"
export * from "./errors"
export * from "./schemas"
export * from "./money"
