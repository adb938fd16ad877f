/** Only the store's own origins may open an express popup: it shows the merchant's name, so another site could pass it off as its own. */
export interface PopupOriginRules {
  storefrontUrl?: string
  storeCors: Array<string | RegExp>
}

/** The origin of an http(s) URL or origin; undefined otherwise. */
export function originOf(value: unknown): string | undefined {
  if (typeof value !== "string" || value.length > 2048) return undefined
  try {
    const url = new URL(value)
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : undefined
  } catch {
    return undefined
  }
}

/** The popup origin for a request's `Origin` header when the store allows it, else undefined. */
export function allowedPopupOrigin(origin: unknown, rules: PopupOriginRules): string | undefined {
  const candidate = originOf(origin)
  if (!candidate) return undefined
  if (rules.storefrontUrl && originOf(rules.storefrontUrl) === candidate) return candidate
  const allowed = rules.storeCors.some((entry) =>
    typeof entry === "string" ? entry.trim() !== "*" && originOf(entry.trim()) === candidate : entry.test(candidate),
  )
  return allowed ? candidate : undefined
}
