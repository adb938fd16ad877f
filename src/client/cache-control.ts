/** Seconds a Get Configuration answer may be kept: 0 for `no-store`/`no-cache`, N for `max-age=N`, else undefined. */
export function maxAgeSeconds(cacheControl: string | undefined): number | undefined {
  if (!cacheControl) return undefined
  // The service sends the same header on every answer: read it once.
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
