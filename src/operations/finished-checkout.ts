import { Modules } from "@medusajs/framework/utils"
import { countCheckoutCancelled } from "../client/telemetry"
import { accountForProvider, getPluginRuntime } from "../runtime/accounts/plugin-runtime"
import { accountHash } from "../runtime/infrastructure/account-hash"
import { recordCheckoutCancelled } from "../runtime/records/call-timeline"
import { asPaymentData, type FinishedReason } from "../payments/session-data"
import type { ContainerLike } from "../runtime/infrastructure/shared-types"

const FINISHING: readonly string[] = ["cancelled", "declined", "expired"] satisfies FinishedReason[]

/** Whether a completion's failure means the checkout can never be used again. */
export const finishesCheckout = (reason: string): reason is FinishedReason => FINISHING.includes(reason)

/**
 * Marks a session's checkout finished, so the next "pay later" makes a new one without asking the
 * service; through the payment module, which keeps the amount. Never throws.
 */
export async function markCheckoutFinished(scope: ContainerLike, sessionId: string, reason: FinishedReason): Promise<void> {
  const paymentModule = scope.resolve(Modules.PAYMENT)
  try {
    const session = await paymentModule.retrievePaymentSession(sessionId, {
      select: ["id", "data", "amount", "currency_code", "status", "provider_id"],
    })
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
      `medusa-payment-bnpl: could not record that payment session ${sessionId} was ${reason}: ${(error as Error).message}`,
    )
  }
}
