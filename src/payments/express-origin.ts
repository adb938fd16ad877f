/**
 * Which page may open an express checkout's popup. The service's popup talks to
 * `merchant.popupOriginUrl` (docs/service-api.md "Express checkout") and shows the
 * merchant's name: a checkout made for another site's origin would let that site show the
 * store's checkout as its own. So the origin must be the store's own: the `storefrontUrl`
 * option's origin, or one of Medusa's `projectConfig.http.storeCors` entries (strings compared
 * as origins, `/regex/` entries tested, as Medusa's CORS middleware does). `*` is not a
 * wildcard here.
 */
export interface PopupOriginRules {
  storefrontUrl?: string
  /** `storeCors` as Medusa's `parseCorsOrigins` reads it. */
  storeCors: Array<string | RegExp>
}

/**
 * The origin (`scheme://host[:port]`) of `value` when it is an http(s) URL or origin;
 * undefined otherwise (`null`, opaque origins, other schemes, garbage).
 */
export function originOf(value: unknown): string | undefined {
  if (typeof value !== "string" || value.length > 2048) return undefined
  try {
    const url = new URL(value)
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : undefined
  } catch {
    return undefined
  }
}

/**
 * The popup origin for a request's `Origin` header, when the store allows it; undefined when
 * not (no header, not http(s), or not one of the store's origins).
 */
export function allowedPopupOrigin(origin: unknown, rules: PopupOriginRules): string | undefined {
  const candidate = originOf(origin)
  if (!candidate) return undefined
  if (rules.storefrontUrl && originOf(rules.storefrontUrl) === candidate) return candidate
  const allowed = rules.storeCors.some((entry) =>
    typeof entry === "string" ? entry.trim() !== "*" && originOf(entry.trim()) === candidate : entry.test(candidate)
  )
  return allowed ? candidate : undefined
}
