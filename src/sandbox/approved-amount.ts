import type { MoneyInput } from "../client/schemas"
import { errorResult, type EndpointResult } from "./result"
import type { StoredCheckout } from "./state"

/**
 * Whether the `amount` sent with Auth or Immediate Payment Capture may turn this confirmed
 * checkout into a payment; undefined when it may, else the refusal (nothing is approved).
 *
 * - Express checkout (docs/service-api.md "Express checkout"): `amount` is required,
 *   422 `invalid_object` naming `amount` when absent; it must be what the consumer approved
 *   (the chosen option's `orderAmount`, now the checkout's `amount`): 422 `invalid_amount`
 *   otherwise.
 * - Standard checkout: Auth ignores an `amount` (docs/service-api.md "Auth" takes none);
 *   Immediate Payment Capture checks one when sent (the sandbox's own choice, as before).
 * Another currency than the checkout's is 422 `invalid_object` naming `amount.currency`.
 */
export function approvedAmountRefusal(
  checkout: StoredCheckout,
  amount: MoneyInput | undefined,
  endpoint: "auth" | "capture"
): EndpointResult | undefined {
  const express = checkout.request.mode === "express"
  if (!express && endpoint === "auth") return undefined
  if (amount === undefined) {
    return express ? errorResult(422, "invalid_object", "amount is required for an express checkout (the amount the consumer approved)") : undefined
  }
  const approved = checkout.request.amount
  if (amount.currency !== approved.currency) {
    return errorResult(422, "invalid_object", `amount.currency ${amount.currency} differs from the checkout's ${approved.currency}`)
  }
  if (amount.amount !== approved.amount) {
    const what = express ? "the amount the consumer approved" : "the checkout's amount"
    return errorResult(422, "invalid_amount", `amount ${amount.amount} is not ${what} ${approved.amount}`)
  }
  return undefined
}
