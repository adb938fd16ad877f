import type { SandboxStore, StoredCheckout } from "./state"

/** What a consumer can do on the service's screens; `decline` confirms with a card Auth will decline. */
export type ConsumerChoice = "approve" | "decline" | "cancel"

export type ConsumerChoiceOutcome =
  | { recorded: true; checkout: StoredCheckout }
  | { recorded: false; reason: "unknown" | "expired" | "completed" | "express" }

/** Records the choice unless the token is unknown, expired or used, or the checkout is express (confirmed in the popup). */
export function recordConsumerChoice(store: SandboxStore, token: string, choice: ConsumerChoice): ConsumerChoiceOutcome {
  const checkout = store.checkouts.get(token)
  if (!checkout) return { recorded: false, reason: "unknown" }
  if (checkout.request.mode === "express") return { recorded: false, reason: "express" }
  if (store.isCheckoutExpired(checkout)) return { recorded: false, reason: "expired" }
  if (checkout.completedAtMs !== undefined) return { recorded: false, reason: "completed" }
  checkout.consumerChoice = choice
  return { recorded: true, checkout }
}

/** The merchant URL with `orderToken` and `status` appended; its own query and fragment kept as written. */
export function returnUrl(merchantUrl: string, token: string, status: "SUCCESS" | "CANCELLED"): string {
  const hashAt = merchantUrl.indexOf("#")
  const base = hashAt < 0 ? merchantUrl : merchantUrl.slice(0, hashAt)
  const fragment = hashAt < 0 ? "" : merchantUrl.slice(hashAt)
  const separator = !base.includes("?") ? "?" : base.endsWith("?") || base.endsWith("&") ? "" : "&"
  return `${base}${separator}orderToken=${encodeURIComponent(token)}&status=${status}${fragment}`
}
