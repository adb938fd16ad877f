import { apiAmountToMinorUnits, minorUnitsToApiAmount } from "../client/money"
import { accountOf, type PaymentContext, type PaymentResult } from "./payment-context"
import { assertEligible, assertWithinLimits, createCheckout } from "./checkout"
import { shopperError } from "./errors"
import { cartDigest, itemsDigest as expressItemsDigest } from "./mapping/cart-digest"
import type { CartSnapshot } from "./mapping/cart-snapshot"
import { toCreateCheckoutRequest } from "./mapping/checkout"
import { CHECKOUT_OPEN, toSessionStatus } from "./payment-state"
import type { BnplPaymentData, ExpressInstruction } from "./session-data"

/**
 * Express checkout (docs/service-api.md "Express checkout"): Medusa replaces the session whenever the popup changes the
 * cart's total, so one checkout is carried from session to session until the total is the amount approved.
 */

/** Creates the express checkout for the cart's total now. @throws PaymentError `not_eligible`, `unavailable`, or the records' error. */
export async function startExpressCheckout(
  context: PaymentContext,
  input: { snapshot: CartSnapshot; amountMinor: bigint; currency: string; popupOriginUrl: string; data: BnplPaymentData },
): Promise<PaymentResult & { token: string }> {
  const { snapshot, amountMinor } = input
  const currency = input.currency.toUpperCase()
  await assertEligible(context, amountMinor, currency)
  const request = toCreateCheckoutRequest(snapshot, {
    amountMinor,
    currency,
    region: context.options.region,
    merchantName: context.options.merchantName,
    storefrontUrl: context.options.storefrontUrl,
    popupOriginUrl: input.popupOriginUrl,
  })
  const checkout = await createCheckout(context, request)
  await context.deps.recordCheckout?.({
    token: checkout.token,
    cartId: snapshot.cartId,
    mode: "express",
    itemsDigest: expressItemsDigest(snapshot),
    amount: request.amount.amount,
    currency,
  })
  return openSession(context, input.data, snapshot, {
    token: checkout.token,
    expires: checkout.expires,
    amount: request.amount.amount,
    currency,
    express: "started",
    expressItemsDigest: expressItemsDigest(snapshot),
  })
}

/** Carries an express checkout to a new session of the cart, with no call. @throws PaymentError `amount_changed`, `cart_changed`, `not_eligible`. */
export async function continueExpressCheckout(
  context: PaymentContext,
  input: {
    snapshot: CartSnapshot
    amountMinor: bigint
    currency: string
    instruction: Extract<ExpressInstruction, { token: string }>
    data: BnplPaymentData
  },
): Promise<PaymentResult & { token: string }> {
  const { snapshot, amountMinor, instruction } = input
  const currency = input.currency.toUpperCase()
  const itemsDigest = expressItemsDigest(snapshot)
  // A different total is the change the shopper sees first; the same total with other goods is a swap.
  if (instruction.phase === "approved" && apiAmountToMinorUnits(instruction.approvedAmount) !== amountMinor) {
    throw shopperError("amount_changed")
  }
  if (instruction.itemsDigest && instruction.itemsDigest !== itemsDigest) throw shopperError("cart_changed")
  // The popup may confirm a shipping option the store never offered it (one above the maximum).
  if (instruction.phase === "approved") await assertWithinLimits(context, amountMinor, currency)
  return openSession(context, input.data, snapshot, {
    token: instruction.token,
    expires: instruction.expires,
    amount: minorUnitsToApiAmount(amountMinor),
    currency,
    express: instruction.phase,
    expressItemsDigest: instruction.itemsDigest ?? itemsDigest,
    ...(instruction.phase === "approved" ? { cartDigest: cartDigest(snapshot) } : {}),
  })
}

function openSession(
  context: PaymentContext,
  data: BnplPaymentData,
  snapshot: CartSnapshot,
  checkout: Required<Pick<BnplPaymentData, "token" | "amount" | "currency">> & Partial<BnplPaymentData>,
): PaymentResult & { token: string } {
  return {
    token: checkout.token,
    status: toSessionStatus(CHECKOUT_OPEN, undefined),
    data: { ...data, ...accountOf(context.options), cartId: snapshot.cartId, taxInclusive: snapshot.taxInclusive, ...checkout },
  }
}
