import { BnplInvalidTokenError } from "../../client/errors"
import { apiAmountToMajorUnits } from "../../client/money"
import { accountCurrency } from "../../payments/eligibility"
import { excludedItems } from "../../payments/exclusions"
import { exclusionsForAccount } from "../../runtime/accounts/account-exclusions"
import { approvedCartsOf, recordExpressApproval } from "../../runtime/records/approved-carts"
import type { Checkout } from "../../client/schemas"
import { getPluginRuntime, type AccountRuntime } from "../../runtime/accounts/plugin-runtime"
import type { ContainerLike } from "../../runtime/infrastructure/shared-types"
import { completePayLaterCart, type CompletionOutcome } from "../complete-cart"
import { failureReason, type CompletionFailure } from "../completion-failure"
import { recordCompletionFailure } from "../completion-record"
import { applyCheckoutToCart } from "./apply-checkout"
import { expressAccount, expressSessionOf, readExpressCart, underExpressLock, type ExpressCart } from "./express-cart"
import { ExpressFailure } from "./express-failure"
import { saveExpressSession } from "./express-session"

/**
 * Completes an express checkout confirmed in the popup, under the cart's express lock; Get Checkout
 * is the source of truth (docs/service-api.md "Express checkout"). @throws ExpressFailure `cart_not_found`.
 */
export async function completeExpressCheckout(
  scope: ContainerLike,
  input: { cartId: string; orderToken: string; caller?: "job" },
): Promise<CompletionOutcome> {
  const { cartId, orderToken } = input
  const cart = await readExpressCart(scope, cartId)
  if (!cart) throw new ExpressFailure("cart_not_found", "No cart has that id.")
  if (cart.completed) return completedOrNot(cart, orderToken)
  const account = expressAccount(scope, cart, expressSessionOf(cart, orderToken)?.providerId)
  let ran = false
  try {
    return await underExpressLock(scope, cartId, async () => {
      ran = true
      const outcome = await carryOver(scope, cartId, orderToken, account)
      if (outcome) {
        // A stray token says nothing of the cart: its status stays what it was.
        if (outcome.outcome === "failed" && !["not_confirmed", "unavailable", "invalid_return"].includes(outcome.reason)) {
          await recordCompletionFailure(scope, cartId, outcome.reason)
        }
        return outcome
      }
      return completePayLaterCart(scope, { cartId, orderToken, caller: input.caller ?? "express" })
    })
  } catch (error) {
    // The express lock was not had in time: another completion of this cart is at work.
    if (!ran) return { outcome: "processing" }
    throw error
  }
}

function completedOrNot(cart: ExpressCart, orderToken: string): CompletionOutcome {
  const ours = cart.sessions.some((session) => session.data.token === orderToken)
  return ours && cart.orderId ? { outcome: "completed", orderId: cart.orderId } : { outcome: "failed", reason: "invalid_return" }
}

/** Undefined when the cart holds the approved express session (now or already), else the outcome. */
async function carryOver(
  scope: ContainerLike,
  cartId: string,
  orderToken: string,
  account: AccountRuntime,
): Promise<CompletionOutcome | undefined> {
  const cart = await readExpressCart(scope, cartId)
  if (!cart) return { outcome: "failed", reason: "invalid_return" }
  if (cart.completed) return completedOrNot(cart, orderToken)
  const session = expressSessionOf(cart, orderToken)
  if (session?.data.express === "approved") return undefined
  // Kept where Medusa deleting the session cannot lose it. A token neither on the cart nor
  // recorded for it is refused before asking the service, and the cart's state is left alone.
  const made = (await approvedCartsOf([orderToken])).get(orderToken)
  if (made ? made.cartId !== cartId : !session) return failed("invalid_return")

  const read = await confirmedCheckout(account, cartId, orderToken)
  if ("outcome" in read) return read
  const { checkout, approved } = read
  // The goods the consumer approved may not be swapped for goods the merchant excludes.
  if (excludedItems(await exclusionsForAccount(scope, account), cart.items).length) return failed("excluded_items")
  try {
    await applyCheckoutToCart(scope, cartId, checkout, account.options.region)
  } catch (error) {
    account.logger?.info?.(`medusa-payment-bnpl: the express choices could not be put on cart ${cartId}: ${(error as Error).message}`)
    return { outcome: "failed", reason: "cart_changed", message: (error as Error).message }
  }
  const providerId = session?.providerId ?? account.providerId
  try {
    const { data } = await saveExpressSession(scope, cartId, providerId, {
      token: orderToken,
      expires: checkout.expires,
      phase: "approved",
      approvedAmount: approved,
      itemsDigest: made?.itemsDigest ?? session?.data.expressItemsDigest,
    })
    await recordExpressApproval(
      { token: orderToken, cartId, providerId, itemsDigest: data.expressItemsDigest!, amount: approved, currency: data.currency! },
      data.cartDigest!,
    )
  } catch (error) {
    const reason = failureReason(error)
    getPluginRuntime(scope).logger?.info?.(
      `medusa-payment-bnpl: express cart ${cartId} is not the one approved: ${(error as Error).message}`,
    )
    return { outcome: "failed", reason: reason === "payment_failed" ? "unavailable" : reason, message: (error as Error).message }
  }
  return undefined
}

/** A confirmed checkout of this cart with its approved amount (major units), else the failed outcome. */
async function confirmedCheckout(
  account: AccountRuntime,
  cartId: string,
  orderToken: string,
): Promise<{ checkout: Checkout & { shippingOptionIdentifier: string }; approved: string } | (CompletionOutcome & { outcome: "failed" })> {
  let checkout: Checkout
  try {
    checkout = await account.client.getCheckout(orderToken)
  } catch (error) {
    // Recorded for this cart (or on its session) but unknown to the service: it has expired.
    if (error instanceof BnplInvalidTokenError) return failed("expired")
    account.logger?.warn?.(`medusa-payment-bnpl: Get Checkout for express cart ${cartId} failed: ${(error as Error).message}`)
    return failed("unavailable")
  }
  // Made by this store for this cart: Create Checkout's merchantReference is the cart id.
  if (checkout.merchantReference !== cartId) return failed("invalid_return")
  if (!checkout.shippingOptionIdentifier) return failed("not_confirmed")
  const { amount } = checkout
  if (!amount || amount.currency.toUpperCase() !== accountCurrency(account.options)) return failed("amount_changed")
  let approved: string
  try {
    approved = apiAmountToMajorUnits(amount.amount, "amount")
  } catch {
    return failed("payment_failed")
  }
  return { checkout: checkout as Checkout & { shippingOptionIdentifier: string }, approved }
}

const failed = (reason: CompletionFailure): CompletionOutcome & { outcome: "failed" } => ({ outcome: "failed", reason })
