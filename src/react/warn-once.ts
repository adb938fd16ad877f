// Once per reason, so a component on every product of a listing does not flood the console.
const warned = new Set<string>()

/** Warns once per `component` + `reason`; `detail` is cut to 120 characters, as it may quote the answer. */
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
