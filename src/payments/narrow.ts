import { apiAmountToMinorUnits, minorUnitsToApiAmount } from "../client/money"
import { PaymentError, describeServiceError } from "./errors"
import type { PaymentContext } from "./payment-context"
import { asPaymentState, capturedAtService, isVoidedOrExpired } from "./payment-state"
import { requestIds } from "./request-ids"
import type { BnplPaymentData } from "./session-data"

/**
 * Keeps `keepMinor` of an approval open and voids the rest (docs/service-api.md "Void Payment"), once per carried approval.
 * @throws PaymentError `payment_voided`, `authorization_expired`, `not_allowed` (partly captured), or the service's refusal.
 */
export async function narrowApproval(
  context: PaymentContext,
  data: BnplPaymentData,
  keepMinor: bigint,
  carriedApprovalId: string,
): Promise<BnplPaymentData> {
  const orderId = data.orderId
  if (!orderId || !data.currency) throw new PaymentError("not_allowed", "An approval the service never gave cannot be kept.")
  return context.withLock(orderId, async () => {
    const { payment } = await context.money.settle(orderId, data, { read: true })
    const state = asPaymentState(payment?.paymentState)
    if (isVoidedOrExpired(state)) {
      throw new PaymentError(
        state === "EXPIRED" ? "authorization_expired" : "payment_voided",
        `The approval of service order ${orderId} is ${state?.toLowerCase()}: nothing of it can be kept.`,
      )
    }
    // A capture of the cancelled payment may have come first: moving the approval would make Medusa count it twice.
    if (payment && capturedAtService(payment) > 0n) {
      throw new PaymentError(
        "not_allowed",
        `The approval of service order ${orderId} was captured through the payment the order change cancelled; it is not moved.`,
      )
    }
    const open = apiAmountToMinorUnits(payment?.openToCaptureAmount?.amount ?? data.amount ?? "0.00")
    let after = payment
    if (open > keepMinor) {
      after = await context.money
        .sendVoid({
          serviceOrderId: orderId,
          requestId: requestIds.narrowingVoid(carriedApprovalId),
          amountMinor: open - keepMinor,
          currency: data.currency!,
        })
        .catch((error: unknown) => {
          throw describeServiceError("Void", error)
        })
    }
    return {
      ...data,
      amount: minorUnitsToApiAmount(keepMinor),
      paymentState: after?.paymentState ?? data.paymentState,
      capturedAmount: "0.00",
      refundedAmount: "0.00",
    }
  })
}
