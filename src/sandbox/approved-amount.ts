import type { MoneyInput } from "../client/schemas"
import { errorResult, type EndpointResult } from "./result"
import type { StoredCheckout } from "./state"

/**
 * The refusal of an Auth or Immediate Payment Capture `amount`, or undefined. Express requires the
 * approved amount (docs/service-api.md "Express checkout"); a standard Auth ignores `amount`, and an
 * Immediate Payment Capture checks one when sent.
 */
export function approvedAmountRefusal(
  checkout: StoredCheckout,
  amount: MoneyInput | undefined,
  endpoint: "auth" | "capture",
): EndpointResult | undefined {
  const express = checkout.request.mode === "express"
  if (!express && endpoint === "auth") return undefined
  if (amount === undefined) {
    return express
      ? errorResult(422, "invalid_object", "amount is required for an express checkout (the amount the consumer approved)")
      : undefined
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
