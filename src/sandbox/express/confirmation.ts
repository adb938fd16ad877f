import type { MoneyInput } from "../../client/schemas"
import { isoTimestamp } from "../clock"
import type { SandboxStore, StoredCheckout } from "../state"
import { consumerOf, contactOf, EXPRESS_ADDRESS_PRESETS } from "./addresses"
import type { ExpressConfirmation } from "./schemas"

/** Why a choice was not recorded, with the HTTP status to answer. */
export interface ExpressRefusal {
  status: 400 | 404 | 409 | 410
  message: string
}

/** The express checkout the consumer may still answer in the popup, or why not. */
export function openExpressCheckout(store: SandboxStore, token: string): StoredCheckout | ExpressRefusal {
  const checkout = store.checkouts.get(token)
  if (!checkout) return { status: 404, message: `Checkout ${token} is unknown` }
  if (checkout.request.mode !== "express") return { status: 409, message: `Checkout ${token} is not an express checkout (mode express)` }
  if (store.isCheckoutExpired(checkout)) return { status: 410, message: `Checkout ${token} is expired` }
  if (checkout.completedAtMs !== undefined) return { status: 410, message: `Checkout ${token} is completed` }
  // The popup closes on the consumer's first answer: a second one cannot happen there.
  if (checkout.consumerChoice !== undefined) {
    return { status: 409, message: `Checkout ${token} was already ${checkout.consumerChoice === "cancel" ? "cancelled" : "confirmed"}` }
  }
  return checkout
}

/** Whether a record function answered a refusal rather than the checkout. */
export function isExpressRefusal(value: StoredCheckout | ExpressRefusal): value is ExpressRefusal {
  return "status" in value
}

/**
 * Records the popup's Confirm: Get Checkout then answers the consumer, address, option and `amount` =
 * the option's `orderAmount`, which Auth must be sent. Amounts in another currency are refused (400).
 */
export function confirmExpressCheckout(
  store: SandboxStore,
  token: string,
  confirmation: ExpressConfirmation,
): StoredCheckout | ExpressRefusal {
  const checkout = openExpressCheckout(store, token)
  if (isExpressRefusal(checkout)) return checkout
  const currency = checkout.request.amount.currency
  const { option } = confirmation
  const amounts: Array<[string, MoneyInput | undefined]> = [
    ["option.shippingAmount", option.shippingAmount],
    ["option.taxAmount", option.taxAmount],
    ["option.orderAmount", option.orderAmount],
  ]
  for (const [field, money] of amounts) {
    if (money && money.currency !== currency) {
      return { status: 400, message: `${field}.currency ${money.currency} differs from the checkout's ${currency}` }
    }
  }
  const preset = EXPRESS_ADDRESS_PRESETS[0]
  const address = confirmation.address ?? preset.address
  const email = confirmation.email ?? preset.email
  checkout.consumerChoice = confirmation.outcome ?? "approve"
  checkout.express = { address, email, option, confirmedAt: isoTimestamp(store.clock.nowMs()) }
  checkout.request = {
    ...checkout.request,
    consumer: consumerOf(address, email),
    shipping: contactOf(address),
    shippingOptionIdentifier: option.id,
    amount: { ...option.orderAmount },
  }
  return checkout
}

/** Records the popup's Cancel (Auth then answers 412). */
export function cancelExpressCheckout(store: SandboxStore, token: string): StoredCheckout | ExpressRefusal {
  const checkout = openExpressCheckout(store, token)
  if (isExpressRefusal(checkout)) return checkout
  checkout.consumerChoice = "cancel"
  return checkout
}
