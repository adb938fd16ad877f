/** "49.95" + "GBP" -> "£49.95" in the admin's locale; amounts stay strings until shown. */
export function formatMoney(amount: string, currency: string): string {
  try {
    return new Intl.NumberFormat(undefined, { style: "currency", currency }).format(Number(amount))
  } catch {
    return `${amount} ${currency}`
  }
}

/** An ISO time in the admin's locale, or a dash. */
export function formatTime(iso: string | null | undefined): string {
  return iso ? new Date(iso).toLocaleString() : "—"
}

/** "12 days 3 hours", "5 hours 20 minutes", "expired" for the time left until `iso`. */
export function timeLeft(iso: string, now: number): string {
  const ms = Date.parse(iso) - now
  if (ms <= 0) return "expired"
  const minutes = Math.floor(ms / 60000)
  const days = Math.floor(minutes / 1440)
  const hours = Math.floor((minutes % 1440) / 60)
  if (days > 0) return `${days} day${days === 1 ? "" : "s"} ${hours} hour${hours === 1 ? "" : "s"}`
  return `${hours} hour${hours === 1 ? "" : "s"} ${minutes % 60} minute${minutes % 60 === 1 ? "" : "s"}`
}

/** Labels of the states the widget shows. */
export const STATE_LABELS: Record<string, string> = {
  pending: "Pending",
  authorised: "Authorised",
  partly_captured: "Partly captured",
  captured: "Captured",
  voided: "Voided",
  expired: "Expired",
  declined: "Declined",
}

export const STATE_COLORS: Record<string, "green" | "orange" | "blue" | "red" | "grey"> = {
  pending: "grey",
  authorised: "blue",
  partly_captured: "orange",
  captured: "green",
  voided: "grey",
  expired: "red",
  declined: "red",
}

export const CAPTURE_MODE_LABELS: Record<string, string> = {
  manual: "Manual (the admin captures)",
  on_authorize: "On approval",
  on_shipment: "On shipment",
}
