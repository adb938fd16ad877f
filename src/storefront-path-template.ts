// Shared by the options' check and the return route, so both judge the string the browser is sent to.

/** Values for a template's placeholders; `undefined` means "not known for this cart". */
export type TemplateValues = Record<string, string | undefined>

/** The Medusa starters' order and checkout pages; also where a template with an unknown value lands. */
export const DEFAULT_STOREFRONT_PATHS = {
  storefrontOrderPath: "/order/{order_id}/confirmed",
  storefrontCheckoutPath: "/checkout?step=payment",
} as const

/** No country drops the `{country_code}` segment (the storefront redirects); another unknown value uses `fallback`. */
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

// Without `storefrontUrl` a relative redirect lands on the backend's own origin; any bare origin compares the same.
const NO_STOREFRONT_BASE = "https://backend.invalid"

/** Why a filled path leaves the storefront (browsers read `//host` and `/\host` as another host), or undefined. */
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

/** Every value the return route may lack is tried at start-up (no country; no cart id after a malformed return). */
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

/** The first `offStorefrontReason` over the field's `TEMPLATE_CASES`, or undefined. */
export function templateOffStorefrontReason(
  field: keyof typeof TEMPLATE_CASES,
  template: string,
  storefrontUrl: string | undefined,
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
