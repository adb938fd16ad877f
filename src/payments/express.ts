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
 * The express checkout's session data (docs/service-api.md "Express checkout"): the
 * checkout is created from the cart as it stands (items, discounts, tax), with `mode:
 * "express"` and `merchant.popupOriginUrl`; the consumer then gives e-mail, address and
 * shipping option in the popup, and the plugin puts them on the cart (operations/express).
 * Medusa replaces the session whenever the cart's total changes, so the same checkout is
 * carried from session to session (`continueExpressCheckout`) until the cart's total is the
 * amount the consumer approved.
 */

/**
 * Creates the express checkout for a cart: Create Checkout with `mode: "express"`,
 * `merchant.popupOriginUrl` and `amount` = the cart's total now (minor units in, API string
 * out), after the limits check. The cart needs no e-mail or address.
 * @returns the session data with `express: "started"`; no `cartDigest` (the cart will change).
 * The checkout's goods are recorded by its token (`recordCheckout`): the express completion
 * compares the cart with them even after Medusa deleted the session.
 * @throws PaymentError `not_eligible` (outside the limits, currency not served), `unavailable`;
 *   whatever `recordCheckout` throws (no token is handed out).
 */
export async function startExpressCheckout(
  context: PaymentContext,
  input: { snapshot: CartSnapshot; amountMinor: bigint; currency: string; popupOriginUrl: string; data: BnplPaymentData }
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

/**
 * Carries an express checkout over to a new session of the same cart, with no call to the
 * service. `started`: the consumer is still in the popup; the session's amount is the cart's
 * total now. `approved`: the consumer's choices are on the cart, whose total (minor units)
 * must be the approved amount; the session then keeps the cart's digest, so a cart changed
 * after this is refused at completion like a standard one (operations/approved-cart.ts).
 * @throws PaymentError `amount_changed` when the total is not the approved amount,
 *   `cart_changed` when the items are not those the checkout started with, `not_eligible` when
 *   the approved amount is outside the account's limits (checkout.ts `assertWithinLimits`).
 */
export async function continueExpressCheckout(
  context: PaymentContext,
  input: {
    snapshot: CartSnapshot
    amountMinor: bigint
    currency: string
    instruction: Extract<ExpressInstruction, { token: string }>
    data: BnplPaymentData
  }
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

/** A pending express session of `checkout` (its token, expiry, amount and phase) for the cart of `snapshot`. */
function openSession(
  context: PaymentContext,
  data: BnplPaymentData,
  snapshot: CartSnapshot,
  checkout: Required<Pick<BnplPaymentData, "token" | "amount" | "currency">> & Partial<BnplPaymentData>
): PaymentResult & { token: string } {
  return {
    token: checkout.token,
    status: toSessionStatus(CHECKOUT_OPEN, undefined),
    data: { ...data, ...accountOf(context.options), cartId: snapshot.cartId, taxInclusive: snapshot.taxInclusive, ...checkout },
  }
}
