const SECOND = 1000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/** docs/service-api.md "Limits": checkout retention is up to 60 minutes. */
export const DEFAULT_CHECKOUT_LIFETIME_MINUTES = 60

/** docs/service-api.md "Authorisation life (13 days)". */
export const AUTHORISATION_LIFETIME_MS = 13 * DAY

/** docs/service-api.md "Errors": refunds are refused after 120 days. */
export const REFUND_TIME_LIMIT_MS = 120 * DAY

/** docs/service-api.md "Errors": a requestId is remembered for 24 hours. */
export const REQUEST_ID_MEMORY_MS = 24 * HOUR

/** docs/service-api.md "Bearer tokens": `expires_in`. */
export const DEFAULT_TOKEN_LIFETIME_SECONDS = 3600

/** docs/service-api.md "Get Configuration": called about once per day, so a day is the natural cache life. */
export const DEFAULT_CONFIGURATION_MAX_AGE_SECONDS = 86400

/** The service reverses "asynchronously"; a few seconds lets a client see a 204 not yet done. */
export const DEFAULT_REVERSAL_DELAY_SECONDS = 2

/** docs/service-api.md "List Payments": `limit` default 20, 1 to 250 inclusive. */
export const LIST_PAYMENTS_DEFAULT_LIMIT = 20

/** docs/service-api.md "Bearer tokens", point 3. */
export const GRANTED_SCOPES = [
  "read",
  "reverse",
  "void",
  "deferred_capture",
  "capture",
  "manage",
  "initiate",
  "cancel_subscription",
  "direct_capture",
  "refund",
  "auth",
].map((scope) => `merchant_api_v2/${scope}`)

export const MILLISECONDS = { SECOND, MINUTE, HOUR, DAY }
