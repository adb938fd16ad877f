import { Modules } from "@medusajs/framework/utils"
import { countCheckoutCancelled } from "../client/telemetry"
import { accountForProvider, getPluginRuntime } from "../runtime/accounts/plugin-runtime"
import { accountHash } from "../runtime/infrastructure/account-hash"
import { recordCheckoutCancelled } from "../runtime/records/call-timeline"
import { asPaymentData, type FinishedReason } from "../payments/session-data"
import type { ContainerLike } from "../runtime/infrastructure/shared-types"


/** The completion failures after which the consumer is done with the checkout. */
const FINISHING: readonly string[] = ["cancelled", "declined", "expired"] satisfies FinishedReason[]

/** Whether a completion's failure means the checkout can never be used again. */
export const finishesCheckout = (reason: string): reason is FinishedReason => FINISHING.includes(reason)

/**
 * Records on a payment session that its consumer came back from the checkout without an
 * order (`data.finished`, session-data.ts): cancelled on the service's screens, or declined
 * or expired at Auth. The session stays the cart's pending one (a storefront keeps pay later
 * selected), but the next "pay later" press makes a new checkout at once, with no call to
 * ask the service whether the old one is still usable (payment-operations.ts,
 * reusePreviousSession). Goes through the payment module, so the provider's `updatePayment`
 * keeps the amount it was made for. Never throws: without the mark, the service's List
 * Payments still shows a declined checkout as used; a cancelled one may be offered again.
 * A cancellation is counted once (the session is marked once): in the timeline, for the
 * health card, and as the metric `bnpl.checkouts{bnpl.outcome=cancelled}`.
 */
export async function markCheckoutFinished(scope: ContainerLike, sessionId: string, reason: FinishedReason): Promise<void> {
  const paymentModule = scope.resolve(Modules.PAYMENT)
  try {
    const session = await paymentModule.retrievePaymentSession(sessionId, { select: ["id", "data", "amount", "currency_code", "status", "provider_id"] })
    const data = asPaymentData(session.data)
    if (data.finished || data.orderId || session.status !== "pending") return
    await paymentModule.updatePaymentSession({
      id: sessionId,
      data: { ...data, finished: reason },
      amount: session.amount,
      currency_code: session.currency_code,
    })
    const account = accountForProvider(getPluginRuntime(scope), session.provider_id)
    if (reason === "cancelled" && account && data.token) {
      recordCheckoutCancelled(accountHash(account.options), data.token)
      countCheckoutCancelled(accountHash(account.options))
    }
  } catch (error) {
    getPluginRuntime(scope).logger?.warn?.(
      `medusa-payment-bnpl: could not record that payment session ${sessionId} was ${reason}: ${(error as Error).message}`
    )
  }
}
