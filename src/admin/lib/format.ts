/** The dashboard's i18next `lng` ("enGB", from cookie or localStorage) as a BCP 47 tag; default "en". */
export function adminLocale(): string {
  try {
    const code = document.cookie.match(/(?:^|;\s*)lng=([^;]+)/)?.[1] ?? window.localStorage.getItem("lng")
    const tag = decodeURIComponent(code ?? "en").replace(/^([a-z]{2})([A-Z]{2})$/, "$1-$2")
    return Intl.getCanonicalLocales(tag)[0] ?? "en"
  } catch {
    return "en"
  }
}

/** "49.95" + "GBP" -> "£49.95" in the admin's locale; amounts stay strings until shown. */
export function formatMoney(amount: string, currency: string, locale = adminLocale()): string {
  try {
    return (new Intl.NumberFormat(locale, { style: "currency", currency }).format as unknown as (value: string) => string)(amount)
  } catch {
    return `${amount} ${currency}`
  }
}

/** A date as Medusa's order page writes it ("25 Nov, 2026"), with `time` ", 14:05"; a dash for none. */
export function formatDate(iso: string | null | undefined, { time = false, seconds = false, locale = adminLocale() } = {}): string {
  if (!iso) return "—"
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return "—"
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat(locale, { day: "2-digit", month: "short", year: "numeric" })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  )
  const day = `${parts.day} ${String(parts.month).replace(/\.$/, "")}, ${parts.year}`
  if (!time) return day
  const clock = new Intl.DateTimeFormat(locale, {
    hour: "2-digit",
    minute: "2-digit",
    ...(seconds ? { second: "2-digit" } : {}),
    hourCycle: "h23",
  }).format(date)
  return `${day}, ${clock}`
}

/** An ISO time as `formatDate` with the time: "25 Nov, 2026, 14:05". */
export function formatTime(iso: string | null | undefined, { seconds = false } = {}): string {
  return formatDate(iso, { time: true, seconds })
}

/** The time left until `iso` in the admin's language ("12 days 3 hours"), or "expired". */
export function timeLeft(iso: string, now: number, locale = adminLocale()): string {
  const ms = Date.parse(iso) - now
  if (ms <= 0) return "expired"
  const minutes = Math.floor(ms / 60000)
  const days = Math.floor(minutes / 1440)
  const hours = Math.floor((minutes % 1440) / 60)
  const unit = (value: number, name: "day" | "hour" | "minute") =>
    new Intl.NumberFormat(locale, { style: "unit", unit: name, unitDisplay: "long" }).format(value)
  if (days > 0) return `${unit(days, "day")} ${unit(hours, "hour")}`
  return `${unit(hours, "hour")} ${unit(minutes % 60, "minute")}`
}

/** Labels of the states the widget shows. */
export const STATE_LABELS: Record<string, string> = {
  pending: "Pending",
  authorised: "Authorized",
  // Medusa's own words for the order's payment status.
  partly_captured: "Partially captured",
  captured: "Captured",
  voided: "Voided",
  expired: "Expired",
  declined: "Declined",
  carried: "Moved to the edited order's payment",
}

export const STATE_COLORS: Record<string, "green" | "orange" | "blue" | "red" | "grey"> = {
  pending: "grey",
  authorised: "blue",
  partly_captured: "orange",
  captured: "green",
  voided: "grey",
  expired: "red",
  declined: "red",
  carried: "grey",
}
