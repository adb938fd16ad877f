import { apiAmountToMinorUnits } from "../../client/money"
import { isoTimestamp } from "../clock"
import type { SandboxHandlers } from "../endpoint"
import { expressCheckoutAsAnswered } from "../recorded-answers"
import { errorResult, jsonResult } from "../result"
import type { SandboxStore, StoredCheckout } from "../state"

/** The consumer screen URL of a checkout. */
export function redirectCheckoutUrl(store: SandboxStore, token: string): string {
  return `${store.settings.publicUrl}/checkout/${encodeURIComponent(token)}`
}

/** The Checkout object: the stored request plus `token`, `expires`, `redirectCheckoutUrl`. */
export function checkoutBody(store: SandboxStore, checkout: StoredCheckout): Record<string, unknown> {
  const body = {
    token: checkout.token,
    expires: isoTimestamp(checkout.expiresAtMs),
    redirectCheckoutUrl: redirectCheckoutUrl(store, checkout.token),
    ...structuredClone(checkout.request),
  }
  return checkout.request.mode === "express" ? expressCheckoutAsAnswered(body) : body
}

/** docs/service-api.md "Create Checkout" and "Get Checkout". */
export const checkoutHandlers = {
  "Create Checkout": async ({ store, account, request, idempotent }) => {
    if (request.amount.currency !== account.currency) {
      return errorResult(422, "unsupported_currency", `The account serves ${account.currency} only, got ${request.amount.currency}`)
    }
    const amount = apiAmountToMinorUnits(request.amount.amount)
    const minimum = apiAmountToMinorUnits(account.minimumAmount)
    const maximum = apiAmountToMinorUnits(account.maximumAmount)
    if (amount < minimum || amount > maximum) {
      return errorResult(
        422,
        "unsupported_payment_type",
        `amount ${request.amount.amount} is outside the account's limits ${account.minimumAmount} to ${account.maximumAmount} ${account.currency}`,
      )
    }
    // Create Checkout has no requestId: every call makes a new checkout.
    return idempotent(undefined, () => {
      const nowMs = store.clock.nowMs()
      const checkout: StoredCheckout = {
        token: store.newCheckoutToken(),
        merchantId: account.merchantId,
        request,
        createdAtMs: nowMs,
        expiresAtMs: nowMs + store.settings.checkoutLifetimeMinutes * 60_000,
      }
      store.checkouts.set(checkout.token, checkout)
      store.ledger.checkouts.push({
        merchantId: account.merchantId,
        token: checkout.token,
        amount: request.amount,
        ...(request.merchantReference === undefined ? {} : { merchantReference: request.merchantReference }),
        ...(request.mode === undefined ? {} : { mode: request.mode }),
        created: isoTimestamp(checkout.createdAtMs),
        expires: isoTimestamp(checkout.expiresAtMs),
      })
      return jsonResult(201, {
        token: checkout.token,
        expires: isoTimestamp(checkout.expiresAtMs),
        redirectCheckoutUrl: redirectCheckoutUrl(store, checkout.token),
      })
    })
  },

  "Get Checkout": ({ store, params, account }) => {
    const token = params.token
    const checkout = store.checkoutOf(account.merchantId, token)
    if (!checkout || store.isCheckoutExpired(checkout) || checkout.completedAtMs !== undefined) {
      return errorResult(412, "invalid_token", "The checkout token is invalid, expired, completed or unknown")
    }
    return jsonResult(200, checkoutBody(store, checkout))
  },
} satisfies Partial<SandboxHandlers>
