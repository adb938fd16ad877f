/** Cuts text to its limit (docs/service-api.md "Resources and their fields") in UTF-16 units, never splitting a surrogate pair. */
export function cutText(value: unknown, limit: number): string | undefined {
  if (value === null || value === undefined) return undefined
  const text = String(value).replace(/\s+/g, " ").trim()
  if (!text) return undefined
  if (text.length <= limit) return text
  let cut = text.slice(0, limit)
  const last = cut.charCodeAt(cut.length - 1)
  if (last >= 0xd800 && last <= 0xdbff) cut = cut.slice(0, -1)
  return cut.trimEnd() || undefined
}

/** Keeps a URL only when it is absolute http(s) and within `limit`; a cut URL would be a broken URL. */
export function absoluteUrlWithin(value: unknown, limit: number): string | undefined {
  if (typeof value !== "string") return undefined
  const url = value.trim()
  if (!/^https?:\/\/[^\s]+$/i.test(url) || url.length > limit) return undefined
  return url
}
