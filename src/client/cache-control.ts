/**
 * How long a Get Configuration answer may be kept, from its `Cache-Control` header
 * (docs/service-api.md "Get Configuration": "The response carries Cache-Control headers").
 * `no-store` or `no-cache` -> 0 (do not reuse); `max-age=N` -> N; otherwise undefined (the
 * caller falls back to the document's "about once per day").
 */
export function maxAgeSeconds(cacheControl: string | undefined): number | undefined {
  if (!cacheControl) return undefined
  // The service sends the same header on every answer: read it once, not on every call.
  if (cacheControl === lastRead.header) return lastRead.seconds
  const seconds = readMaxAge(cacheControl)
  lastRead = { header: cacheControl, seconds }
  return seconds
}

let lastRead: { header?: string; seconds?: number } = {}

function readMaxAge(cacheControl: string): number | undefined {
  const directives = cacheControl
    .toLowerCase()
    .split(",")
    .map((part) => part.trim())
  if (directives.includes("no-store") || directives.includes("no-cache")) return 0
  for (const directive of directives) {
    const match = /^max-age\s*=\s*"?(\d+)"?$/.exec(directive)
    if (match) return Number(match[1])
  }
  return undefined
}
