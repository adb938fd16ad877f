/** The store the kit calls over `fetch`: the backend URL and publishable key, as the Medusa JS SDK takes them. */
export interface StoreClientConfig {
  /** The Medusa backend's URL as the storefront reaches it, e.g. "https://api.example.com". */
  baseUrl: string
  /** The store's publishable API key (`pk_...`): public, sent as `x-publishable-api-key`. */
  publishableKey: string
  /** More headers, e.g. the customer's `authorization` from the starters' `getAuthHeaders()`. */
  headers?: Record<string, string>
  /** A `fetch` to use instead of the global one (tests, instrumentation). */
  fetch?: typeof fetch
  /** Extra `fetch` options for reads, e.g. `{ cache: "no-store" }` or Next.js `{ next: { revalidate: 300 } }`. */
  fetchOptions?: Record<string, unknown>
}

/** A store API answer: the HTTP status and the parsed JSON body (undefined when not JSON). */
export interface StoreAnswer<T = unknown> {
  status: number
  body: T | undefined
}

/** Medusa's error body: `{ type, message }` (400, 404, 500...). */
export interface StoreErrorBody {
  type?: string
  code?: string
  message?: string
}

/** One store API request; resolves for any HTTP answer, rejects only without one (network error). */
export async function storeRequest<T>(
  config: StoreClientConfig,
  path: string,
  request: { method?: "GET" | "POST"; query?: Record<string, string | undefined>; body?: unknown } = {},
): Promise<StoreAnswer<T>> {
  const url = new URL(path, config.baseUrl.endsWith("/") ? config.baseUrl : `${config.baseUrl}/`)
  for (const [name, value] of Object.entries(request.query ?? {})) {
    if (value !== undefined) url.searchParams.set(name, value)
  }
  const method = request.method ?? "GET"
  const response = await (config.fetch ?? fetch)(url.toString(), {
    ...(method === "GET" ? config.fetchOptions : { cache: "no-store" }),
    method,
    headers: {
      accept: "application/json",
      "x-publishable-api-key": config.publishableKey,
      ...(request.body === undefined ? {} : { "content-type": "application/json" }),
      ...config.headers,
    },
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
  })
  const text = await response.text()
  let body: T | undefined
  try {
    body = text ? (JSON.parse(text) as T) : undefined
  } catch {
    body = undefined
  }
  return { status: response.status, body }
}
