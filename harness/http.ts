/** A JSON call that throws, with the answer's message, unless the status is 2xx. */
export async function callJson<T = any>(
  method: string,
  url: string,
  { headers = {}, body }: { headers?: Record<string, string>; body?: unknown } = {},
): Promise<T> {
  const response = await fetch(url, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await response.text()
  if (!response.ok) throw new Error(`${method} ${new URL(url).pathname} answered ${response.status}: ${text.slice(0, 300)}`)
  return (text ? JSON.parse(text) : undefined) as T
}

/** GETs a URL without following a redirect and returns where it points (or throws). */
export async function redirectTarget(url: string, init: RequestInit = {}): Promise<URL> {
  const response = await fetch(url, { ...init, redirect: "manual" })
  const location = response.headers.get("location")
  if (response.status < 300 || response.status > 399 || !location) {
    throw new Error(`${init.method ?? "GET"} ${url} did not redirect (${response.status}): ${(await response.text()).slice(0, 300)}`)
  }
  return new URL(location, url)
}

/** Polls `probe` until it returns something, for what happens after a request (a subscriber). */
export async function eventually<T>(probe: () => Promise<T | undefined>, what: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await probe()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}
