/**
 * One console warning per component and reason, for bad answers the components refuse to
 * show (a made-up currency, a `javascript:` redirect, a status without its order id): the
 * developer learns of it, the shopper's page keeps working, and a component rendered on every
 * product of a listing does not flood the console.
 */
const warned = new Set<string>()

/**
 * Warns once per `component` + `reason` for the page's (or the server's) lifetime.
 * `detail` is cut to 120 characters: it may quote the bad answer.
 */
export function warnOnce(component: string, reason: string, detail?: string): void {
  const key = `${component}:${reason}`
  if (warned.has(key)) return
  warned.add(key)
  const shown = detail === undefined ? "" : `: ${detail.length > 120 ? `${detail.slice(0, 120)}…` : detail}`
  console.warn(`medusa-payment-bnpl-storefront/react: <${component}> ${reason}${shown}. Nothing is shown for it; this is logged once.`)
}

/** Forgets which warnings were given (for tests). */
export function forgetWarnings(): void {
  warned.clear()
}
