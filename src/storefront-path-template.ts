/**
 * Filling and checking the storefront path templates (`storefrontOrderPath`,
 * `storefrontCheckoutPath`). Shared by the options' start-up check (options.ts) and the
 * return route's redirects (api/bnpl/return/storefront-urls.ts), so both judge the very
 * string the shopper's browser is sent to.
 */

/** Values for a template's placeholders; `undefined` means "not known for this cart". */
export type TemplateValues = Record<string, string | undefined>

/**
 * The storefront paths the options default to (docs/configuration.md): the Medusa starters'
 * order confirmation and checkout pages. Also where a template lands when a value it needs is
 * not known for the cart (`fillStorefrontPath`).
 */
export const DEFAULT_STOREFRONT_PATHS = {
  storefrontOrderPath: "/order/{order_id}/confirmed",
  storefrontCheckoutPath: "/checkout?step=payment",
} as const

/**
 * A template with its placeholders replaced (values URI-encoded). `{country_code}` with no
 * country drops its path segment ("/{country_code}/checkout" -> "/checkout"), so the
 * storefront's own country redirect applies instead of a broken path. A placeholder whose value
 * is still unknown or empty after that (`{country_code}{cart_id}` with no country) never reaches the
 * shopper: the template is set aside for `fallback` (the field's default path, filled the same
 * way). A placeholder the values do not name is left as written.
 */
export function fillStorefrontPath(template: string, values: TemplateValues, fallback?: string): string {
  const withoutMissingCountry = values.country_code ? template : template.replace(/\/\{country_code\}(?=\/|\?|#|$)/g, "")
  let unknown = false
  const filled = withoutMissingCountry.replace(/\{(\w+)\}/g, (match, name: string) => {
    if (!(name in values)) return match
    const value = values[name]
    // An empty value (no cart id after a malformed return) would leave "//" in the path.
    if (!value) unknown = true
    return value === undefined ? match : encodeURIComponent(value)
  })
  return unknown && fallback !== undefined ? fillStorefrontPath(fallback, values) : filled
}

// Where a relative redirect lands when the store has no `storefrontUrl`: the backend's own
// origin, whichever it is. Any origin with no path works for the comparison.
const NO_STOREFRONT_BASE = "https://backend.invalid"

/**
 * Why a filled path (and the URL made of `storefrontUrl` + path) would send the shopper off
 * the storefront, or undefined when it stays there. Refused: a path that does not start with
 * exactly one `/` (`//checkout` and `/\evil` are read by browsers as another host), and a URL
 * whose origin is not the storefront's (or, without `storefrontUrl`, the backend's).
 */
export function offStorefrontReason(path: string, storefrontUrl: string | undefined): string | undefined {
  if (!/^\/(?![/\\])/.test(path)) {
    return `gives "${path.slice(0, 80)}", which does not start with exactly one / (a browser reads "//host" as another site)`
  }
  const base = storefrontUrl ?? NO_STOREFRONT_BASE
  let target: URL
  try {
    target = new URL(`${storefrontUrl ?? ""}${path}`, base)
  } catch {
    return `gives "${path.slice(0, 80)}", which is not a valid URL`
  }
  if (target.origin !== new URL(base).origin) {
    return `gives "${path.slice(0, 80)}", which leaves the storefront's origin (${target.origin})`
  }
  return undefined
}

const ORDER = "order_01JABCDEFGHJKMNPQRSTVWXYZ0"
const CART = "cart_01JABCDEFGHJKMNPQRSTVWXYZ0"

/**
 * The values each template is filled with at start-up: every value the return route may
 * lack is tried (no country for the cart; for the checkout page, no cart id after a
 * malformed return).
 */
export const TEMPLATE_CASES = {
  storefrontOrderPath: [
    { order_id: ORDER, cart_id: CART, country_code: "gb" },
    { order_id: ORDER, cart_id: CART, country_code: undefined },
  ],
  storefrontCheckoutPath: [
    { cart_id: CART, country_code: "gb" },
    { cart_id: CART, country_code: undefined },
    { cart_id: "", country_code: "gb" },
    { cart_id: "", country_code: undefined },
  ],
} as const satisfies Record<string, readonly TemplateValues[]>

/**
 * Whether the template of `field` can send the shopper off the storefront for any of its
 * `TEMPLATE_CASES`: the first reason (see `offStorefrontReason`), or undefined.
 */
export function templateOffStorefrontReason(
  field: keyof typeof TEMPLATE_CASES,
  template: string,
  storefrontUrl: string | undefined
): string | undefined {
  for (const values of TEMPLATE_CASES[field]) {
    const reason = offStorefrontReason(fillStorefrontPath(template, values, DEFAULT_STOREFRONT_PATHS[field]), storefrontUrl)
    if (reason) return `${reason}${describe(values)}`
  }
  return undefined
}

function describe(values: TemplateValues): string {
  const missing = Object.entries(values)
    .filter(([, value]) => !value)
    .map(([name]) => name)
  return missing.length ? ` when filled without ${missing.join(" and ")}` : ""
}
