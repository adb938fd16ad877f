/**
 * The one table of the service's endpoints: name, method, path template and where the path
 * comes from. The names are the document's own and appear in every error and log line.
 *
 * Paths marked `beyond` are not in merchant-api-v2.md ("Not described endpoints"); they come
 * from api-beyond-the-document.md, and a merchant whose account differs can override any
 * template through the client's `paths` option.
 */

/** The document's name for each endpoint, as used in `BnplApiError.endpoint` and logs. */
export type EndpointName =
  | "Get access token"
  | "Get Checkout"
  | "Create Checkout"
  | "Auth"
  | "List Payments"
  | "Create Refund"
  | "Update Shipping Courier"
  | "Get Configuration"
  | "Capture Payment"
  | "Void Payment"
  | "Get Payment"
  | "Get Payment By Token"
  | "Immediate Payment Capture"
  | "Reverse Payment By Token"
  | "Update Payment"
  | "Ping"

export type HttpMethod = "GET" | "POST" | "PUT"

export interface EndpointDefinition {
  method: HttpMethod
  /** Path template; `{name}` placeholders are filled with URL-encoded values. */
  path: string
  /** `auth`: relative to `authUrl`; `api`: relative to `baseUrl`. */
  base: "api" | "auth"
  /** `document`: merchant-api-v2.md; `beyond`: api-beyond-the-document.md. */
  source: "document" | "beyond"
}

export const ENDPOINTS: Readonly<Record<EndpointName, EndpointDefinition>> = {
  "Get access token": { method: "POST", path: "/v2/oauth2/token", base: "auth", source: "document" },
  "Get Checkout": { method: "GET", path: "/v2/checkouts/{token}", base: "api", source: "document" },
  "Create Checkout": { method: "POST", path: "/v2/checkouts", base: "api", source: "beyond" },
  Auth: { method: "POST", path: "/v2/payments/auth", base: "api", source: "document" },
  "List Payments": { method: "GET", path: "/v2/payments", base: "api", source: "document" },
  "Create Refund": { method: "POST", path: "/v2/payments/{orderId}/refund", base: "api", source: "document" },
  "Update Shipping Courier": {
    method: "PUT",
    path: "/v2/payments/{orderId}/courier",
    base: "api",
    source: "document",
  },
  "Get Configuration": { method: "GET", path: "/v2/configuration", base: "api", source: "document" },
  "Capture Payment": { method: "POST", path: "/v2/payments/{orderId}/capture", base: "api", source: "beyond" },
  "Void Payment": { method: "POST", path: "/v2/payments/{orderId}/void", base: "api", source: "beyond" },
  "Get Payment": { method: "GET", path: "/v2/payments/{orderId}", base: "api", source: "beyond" },
  // The literal "token:" prefix is part of the path, not a parameter.
  "Get Payment By Token": { method: "GET", path: "/v2/payments/token:{token}", base: "api", source: "beyond" },
  "Immediate Payment Capture": { method: "POST", path: "/v2/payments/capture", base: "api", source: "beyond" },
  "Reverse Payment By Token": {
    method: "POST",
    path: "/v2/payments/token:{token}/reversal",
    base: "api",
    source: "beyond",
  },
  "Update Payment": { method: "PUT", path: "/v2/payments/{orderId}", base: "api", source: "beyond" },
  Ping: { method: "GET", path: "/ping", base: "api", source: "beyond" },
}

export const ENDPOINT_NAMES = Object.keys(ENDPOINTS) as EndpointName[]

/**
 * Fills a path template, URL-encoding every value so an id can never change the path
 * (`/`, `?`, `#`, `..` in an id stay inside its segment).
 * @throws Error when a placeholder has no value (a programming error, not an API failure).
 */
export function fillPath(template: string, params: Record<string, string> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`path parameter ${name} is missing`)
    return encodeURIComponent(value)
  })
}
