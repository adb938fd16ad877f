/** What one request to the store came to: the status (0 when no answer came), the JSON, the redirect. */
export interface Answer {
  status: number
  body: any
  location?: string
  ms: number
  /** The error's message, or the connection's failure. */
  message: string
}

/** One request with a time limit; never throws (a dead server is an answer of 0). */
export async function request(
  method: string,
  url: string,
  options: { headers?: Record<string, string>; body?: unknown; timeoutMs?: number } = {},
): Promise<Answer> {
  const started = Date.now()
  try {
    const response = await fetch(url, {
      method,
      redirect: "manual",
      headers: { ...(options.body === undefined ? {} : { "content-type": "application/json" }), ...options.headers },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(options.timeoutMs ?? 90_000),
    })
    const text = await response.text()
    let body: any
    try {
      body = text ? JSON.parse(text) : undefined
    } catch {
      body = text
    }
    const message = typeof body?.message === "string" ? body.message : response.ok ? "ok" : String(text).slice(0, 200)
    return { status: response.status, body, location: response.headers.get("location") ?? undefined, ms: Date.now() - started, message }
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code
    return { status: 0, body: undefined, ms: Date.now() - started, message: `no answer (${cause ?? (error as Error).name})` }
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
