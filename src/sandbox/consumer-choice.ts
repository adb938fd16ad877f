import type { SandboxStore, StoredCheckout } from "./state"

/**
 * What a consumer can do on the service's screens: confirm, confirm with a card that will be
 * declined at Auth, or cancel (docs/service-api.md "What the service does": the consumer
 * confirms the checkout in the service's own screen flow).
 */
export type ConsumerChoice = "approve" | "decline" | "cancel"

export type ConsumerChoiceOutcome =
  | { recorded: true; checkout: StoredCheckout }
  | { recorded: false; reason: "unknown" | "expired" | "completed" | "express" }

/**
 * Records the consumer's choice for a checkout, unless the token is unknown, expired or used,
 * or the checkout is an express one (confirmed in the popup with an address and a shipping
 * option instead: express/confirmation.ts).
 */
export function recordConsumerChoice(store: SandboxStore, token: string, choice: ConsumerChoice): ConsumerChoiceOutcome {
  const checkout = store.checkouts.get(token)
  if (!checkout) return { recorded: false, reason: "unknown" }
  if (checkout.request.mode === "express") return { recorded: false, reason: "express" }
  if (store.isCheckoutExpired(checkout)) return { recorded: false, reason: "expired" }
  if (checkout.completedAtMs !== undefined) return { recorded: false, reason: "completed" }
  checkout.consumerChoice = choice
  return { recorded: true, checkout }
}

/**
 * The merchant URL the consumer returns to, with `orderToken` and `status` appended
 * (docs/service-api.md "Create Checkout"). The merchant's own query string and
 * fragment are kept as they were written.
 */
export function returnUrl(merchantUrl: string, token: string, status: "SUCCESS" | "CANCELLED"): string {
  const hashAt = merchantUrl.indexOf("#")
  const base = hashAt < 0 ? merchantUrl : merchantUrl.slice(0, hashAt)
  const fragment = hashAt < 0 ? "" : merchantUrl.slice(hashAt)
  const separator = !base.includes("?") ? "?" : base.endsWith("?") || base.endsWith("&") ? "" : "&"
  return `${base}${separator}orderToken=${encodeURIComponent(token)}&status=${status}${fragment}`
}
