import { z } from "zod"
import { retryFor, type EndpointSpec, type EndpointTimeout, type PathParams } from "./endpoint-spec"
import { BnplOptionsError } from "./errors"
import { encodeListPaymentsQuery } from "./query"
import {
  accessTokenResponseSchema as token,
  authRequestSchema,
  captureRequestSchema,
  checkoutSchema,
  configurationSchema,
  countryCodeSchema,
  checkoutModeRules,
  createCheckoutRequestSchema,
  createCheckoutRequestShape,
  createCheckoutResponseSchema,
  createRefundRequestSchema,
  immediateCaptureRequestSchema,
  listPaymentsQuerySchema,
  paymentSchema as payment,
  paymentsPageSchema,
  refundSchema,
  requestIdSchema,
  updatePaymentRequestSchema,
  updateShippingCourierRequestSchema,
  voidRequestSchema,
} from "./schemas"

export { fillPath, pathParams, retryFor } from "./endpoint-spec"
export type { EndpointSpec, EndpointTimeout, HttpMethod, RetryRule } from "./endpoint-spec"

// Time-outs: docs/service-api.md "Connection time-outs per endpoint" lists six endpoints. For the
// rest: 70 s read where money moves, since a premature time-out only causes a retry, and 20 s for
// the reads, Create Checkout, Update Payment, the token and Ping.
const SHORT = { openMs: 10_000, readMs: 20_000 }
const LONG = { openMs: 10_000, readMs: 70_000 }
const API = { base: "api", access: "merchant" } as const

export const ENDPOINTS = {
  "Get access token": {
    method: "POST",
    path: "/v2/oauth2/token",
    base: "auth",
    access: "public",
    successStatus: 200,
    timeouts: SHORT,
    // Asking for a token twice changes nothing on the service.
    retry: "idempotent",
    response: token,
    shortName: "token",
  },
  Ping: {
    method: "GET",
    path: "/ping",
    base: "api",
    access: "public",
    successStatus: 200,
    timeouts: SHORT,
    retry: "never",
    shortName: "ping",
  },
  "Create Checkout": {
    ...API,
    method: "POST",
    path: "/v2/checkouts",
    successStatus: 201,
    timeouts: SHORT,
    retry: "unsent-only",
    resendIfStale: true,
    request: createCheckoutRequestSchema,
    // The service also takes purchaseCountry, which the official PHP SDK sends on every checkout.
    service: createCheckoutRequestShape.extend({ purchaseCountry: countryCodeSchema.optional() }).superRefine(checkoutModeRules),
    response: createCheckoutResponseSchema,
    shortName: "createCheckout",
  },
  "Get Checkout": {
    ...API,
    method: "GET",
    path: "/v2/checkouts/{token}",
    successStatus: 200,
    timeouts: SHORT,
    retry: "idempotent",
    response: checkoutSchema,
    shortName: "getCheckout",
  },
  Auth: {
    ...API,
    method: "POST",
    path: "/v2/payments/auth",
    successStatus: 201,
    timeouts: LONG,
    retry: { idempotentWith: ["requestId"] },
    request: authRequestSchema,
    response: payment,
    shortName: "auth",
  },
  "List Payments": {
    ...API,
    method: "GET",
    path: "/v2/payments",
    successStatus: 200,
    timeouts: SHORT,
    retry: "idempotent",
    request: listPaymentsQuerySchema,
    query: encodeListPaymentsQuery,
    response: paymentsPageSchema,
    shortName: "listPayments",
  },
  "Get Payment": {
    ...API,
    method: "GET",
    path: "/v2/payments/{orderId}",
    successStatus: 200,
    timeouts: SHORT,
    retry: "idempotent",
    response: payment,
    shortName: "getPayment",
  },
  "Get Payment By Token": {
    // The literal "token:" prefix is part of the path, not a parameter.
    ...API,
    method: "GET",
    path: "/v2/payments/token:{token}",
    successStatus: 200,
    timeouts: SHORT,
    retry: "idempotent",
    response: payment,
    shortName: "getPayment",
  },
  "Capture Payment": {
    ...API,
    method: "POST",
    path: "/v2/payments/{orderId}/capture",
    successStatus: 201,
    timeouts: LONG,
    retry: "idempotent",
    request: captureRequestSchema,
    // The SDK's own tests capture without a requestId.
    service: captureRequestSchema.extend({ requestId: requestIdSchema.optional() }),
    response: payment,
    shortName: "capture",
  },
  "Void Payment": {
    ...API,
    method: "POST",
    path: "/v2/payments/{orderId}/void",
    successStatus: 201,
    timeouts: LONG,
    retry: "idempotent",
    request: voidRequestSchema,
    // The SDK sends no body at all when neither field is set.
    service: voidRequestSchema.extend({ requestId: requestIdSchema.optional() }),
    bodyOptional: true,
    response: payment,
    shortName: "void",
  },
  "Create Refund": {
    ...API,
    method: "POST",
    path: "/v2/payments/{orderId}/refund",
    successStatus: 201,
    timeouts: LONG,
    retry: { idempotentWith: ["requestId", "merchantReference"] },
    request: createRefundRequestSchema,
    // Without the client's own rule that merchantReference needs a requestId (for idempotency).
    service: z.strictObject(createRefundRequestSchema.shape),
    response: refundSchema,
    shortName: "refund",
  },
  "Update Shipping Courier": {
    ...API,
    method: "PUT",
    path: "/v2/payments/{orderId}/courier",
    successStatus: 200,
    timeouts: SHORT,
    retry: "idempotent",
    request: updateShippingCourierRequestSchema,
    response: payment,
    shortName: "courier",
  },
  "Get Configuration": {
    ...API,
    method: "GET",
    path: "/v2/configuration",
    successStatus: 200,
    timeouts: SHORT,
    retry: "idempotent",
    response: configurationSchema,
    shortName: "configuration",
  },
  "Immediate Payment Capture": {
    ...API,
    method: "POST",
    path: "/v2/payments/capture",
    successStatus: 201,
    timeouts: LONG,
    retry: { idempotentWith: ["requestId"] },
    request: immediateCaptureRequestSchema,
    response: payment,
    shortName: "immediateCapture",
  },
  "Reverse Payment By Token": {
    // No body. 204 does not mean done: the reversal applies asynchronously.
    ...API,
    method: "POST",
    path: "/v2/payments/token:{token}/reversal",
    successStatus: 204,
    timeouts: LONG,
    retry: "idempotent",
    shortName: "reversal",
  },
  "Update Payment": {
    ...API,
    method: "PUT",
    path: "/v2/payments/{orderId}",
    successStatus: 200,
    timeouts: SHORT,
    retry: "idempotent",
    request: updatePaymentRequestSchema,
    response: payment,
    shortName: "updatePayment",
  },
} as const satisfies Record<string, EndpointSpec>

type Table = typeof ENDPOINTS

/** The document's name for each endpoint, as used in `BnplApiError.endpoint` and logs. */
export type EndpointName = keyof Table

/** A row of the table, for code that reads any endpoint. */
export type EndpointDefinition = EndpointSpec

export const ENDPOINT_NAMES = Object.keys(ENDPOINTS) as EndpointName[]

/** The sandbox's short names (faults, request counts); Get Payment and Get Payment By Token share `getPayment`. */
export type EndpointShortName = Table[EndpointName]["shortName"]
export const ENDPOINT_SHORT_NAMES = [...new Set(ENDPOINT_NAMES.map((name) => ENDPOINTS[name].shortName))] as [
  EndpointShortName,
  ...EndpointShortName[],
]

/** The leading arguments of an endpoint's client method: one string per path placeholder, then the request. */
export type EndpointArgs<N extends EndpointName> = [...Strings<PathParams<Table[N]["path"]>>, ...RequestArg<Table[N]>]
type Strings<T> = T extends [unknown, ...infer Rest] ? [string, ...Strings<Rest>] : []
type RequestArg<Row> = Row extends { request: infer R extends z.ZodType }
  ? // biome-ignore lint/complexity/noBannedTypes: `{} extends T` is how a type asks whether every field of T is optional.
    {} extends z.infer<R>
    ? [request?: z.infer<R>]
    : [request: z.infer<R>]
  : []

/** What an endpoint's client method resolves to: its parsed response, or nothing (204). */
// biome-ignore lint/suspicious/noConfusingVoidType: a 204 endpoint's method is `Promise<void>`, as callers expect of a call with no answer.
export type EndpointResult<N extends EndpointName> = Table[N] extends { response: infer R extends z.ZodType } ? z.output<R> : void

/** The JSON body the service takes (`service`, else `request`); undefined for none or a query. */
export type ServiceRequest<N extends EndpointName> = Table[N] extends { query: unknown }
  ? undefined
  : Table[N] extends { service: infer S extends z.ZodType }
    ? z.output<S>
    : Table[N] extends { request: infer R extends z.ZodType }
      ? z.output<R>
      : undefined

export type TimeoutOverrides = Partial<Record<EndpointName, { openMs?: number; readMs?: number }>>

export const DEFAULT_TIMEOUTS: Readonly<Record<EndpointName, EndpointTimeout>> = Object.fromEntries(
  ENDPOINT_NAMES.map((name) => [name, ENDPOINTS[name].timeouts]),
) as Record<EndpointName, EndpointTimeout>

/** The defaults with the caller's overrides per endpoint and field. @throws BnplOptionsError for a non-positive ms. */
export function resolveTimeouts(overrides: TimeoutOverrides = {}): Record<EndpointName, EndpointTimeout> {
  const resolved = { ...DEFAULT_TIMEOUTS } as Record<EndpointName, EndpointTimeout>
  for (const [name, override] of Object.entries(overrides) as [EndpointName, TimeoutOverrides[EndpointName]][]) {
    if (!(name in DEFAULT_TIMEOUTS)) throw new BnplOptionsError(`timeouts["${name}"]`, "is not an endpoint of the API")
    if (!override) continue
    for (const field of ["openMs", "readMs"] as const) {
      const value = override[field]
      if (value !== undefined && !(Number.isFinite(value) && value > 0)) {
        throw new BnplOptionsError(`timeouts["${name}"].${field}`, "must be a positive number of milliseconds")
      }
      if (value !== undefined) resolved[name] = { ...resolved[name], [field]: value }
    }
  }
  return resolved
}

/** The retry policy of one call to `name` carrying `request`. */
export function retryOf(name: EndpointName, request?: unknown): ReturnType<typeof retryFor> {
  return retryFor(ENDPOINTS[name].retry, request)
}
