import { BnplDeclinedError, BnplInvalidAmountError, BnplInvalidTokenError, BnplNotConfirmedError } from "../client"
import { apiAmountToMinorUnits } from "../client/money"
import type { Payment } from "../client/schemas"
import { PaymentError, forShopper, shopperError } from "./errors"
import { assertOwnPayment, assertPaymentOfSession, currentSettings, type PaymentContext, type PaymentResult } from "./payment-context"
import { asPaymentState, authorizationExpiry, CHECKOUT_NOT_CONFIRMED, isApproved, toSessionStatus } from "./payment-state"
import { requestIds } from "./request-ids"
import type { BnplPaymentData } from "./session-data"

/** Older than any Auth that is answered now: an approval made by an earlier attempt and replayed. */
export const REPLAYED_APPROVAL_AGE_MS = 2 * 60 * 1000

/** Auth keyed by the session's idempotency key, so it never authorises twice (docs/service-api.md "Auth"); captures under `on_authorize`. @throws PaymentError. */
export async function authorize(
  context: PaymentContext,
  input: { data: BnplPaymentData; requestId: string | undefined; now?: Date },
): Promise<PaymentResult> {
  const { data } = input
  const { client, logger } = context
  assertOwnPayment(context, data)
  if (data.orderId) return { data: { ...data }, status: toSessionStatus(data.paymentState, data.authorizationExpiresAt) }
  if (!data.token || !data.amount || !data.currency) {
    throw new PaymentError("invalid_request", "medusa-payment-bnpl: the payment session has no checkout token.")
  }
  // Completed through the express routes once the consumer's choices are on the cart.
  if (data.express === "started") return { data: { ...data }, status: toSessionStatus(CHECKOUT_NOT_CONFIRMED, undefined) }
  if (!input.requestId && !data.express) {
    throw new PaymentError("invalid_request", "medusa-payment-bnpl: authorising needs Medusa's idempotency key.")
  }

  const sent = await sendAuth(context, data, input.requestId)
  if ("unconfirmed" in sent) return sent.unconfirmed
  let payment = sent.payment
  assertPaymentOfSession(context, data, payment)
  await voidIfAnotherAmount(context, data, payment)

  if (isReplayedApproval(payment, input.now ?? new Date())) {
    payment = await client.getPayment(payment.id).catch((error: unknown) => Promise.reject(authorizationError(context, error)))
    assertPaymentOfSession(context, data, payment)
    if (!isApproved(asPaymentState(payment.paymentState))) throw shopperError("expired")
  }
  const approved = projectApproval(data, payment)
  await context.money.identity.record(data, payment) // checked before every later money call
  const authorized = { data: approved, status: toSessionStatus(approved.paymentState, approved.authorizationExpiresAt) }
  if ((await currentSettings(context)).capture !== "on_authorize") return authorized
  try {
    const captured = await context.money.captureOnAuthorize(approved)
    return { data: captured, status: toSessionStatus(captured.paymentState, captured.authorizationExpiresAt) }
  } catch (error) {
    logger?.warn?.(
      `medusa-payment-bnpl: capture on authorisation failed for order ${payment.id}; capture it from the admin. ${(error as Error).message}`,
    )
    return authorized
  }
}

/** Auth for the session (express: the amount approved in the popup); the unconfirmed checkout's result when the consumer has not confirmed. */
async function sendAuth(
  context: PaymentContext,
  data: BnplPaymentData,
  requestId: string | undefined,
): Promise<{ payment: Payment } | { unconfirmed: PaymentResult }> {
  const token = data.token!
  try {
    const payment = await context.client.auth(
      data.express
        ? // The requestId stays the same whichever session sends it.
          {
            token,
            requestId: requestIds.expressAuth(token),
            merchantReference: data.cartId,
            amount: { amount: data.amount!, currency: data.currency! },
          }
        : { token, requestId: requestIds.auth(requestId!), merchantReference: data.cartId },
    )
    return { payment }
  } catch (error) {
    if (error instanceof BnplNotConfirmedError) {
      return { unconfirmed: { data: { ...data }, status: toSessionStatus(CHECKOUT_NOT_CONFIRMED, undefined) } }
    }
    throw authorizationError(context, error)
  }
}

/** An approval for another amount than the session's is voided, and the shopper starts again. @throws PaymentError `amount_changed`. */
async function voidIfAnotherAmount(context: PaymentContext, data: BnplPaymentData, payment: Payment): Promise<void> {
  const { client, logger } = context
  const agreed = payment.originalAmount
  if (!agreed || (agreed.currency === data.currency && apiAmountToMinorUnits(agreed.amount) === apiAmountToMinorUnits(data.amount!))) return
  logger?.warn?.(
    `medusa-payment-bnpl: service order ${payment.id} for cart ${data.cartId ?? "unknown"} was approved for ${agreed.amount} ${agreed.currency} but the session is ${data.amount} ${data.currency}; voiding it.`,
  )
  await client
    .voidPayment(payment.id, { requestId: requestIds.amountMismatchVoid(payment.id) })
    .catch((error: unknown) =>
      logger?.error?.(
        `medusa-payment-bnpl: could not void service order ${payment.id} approved for another amount (${(error as Error).message}); the reconciliation job reports it.`,
      ),
    )
  throw shopperError("amount_changed")
}

function isReplayedApproval(payment: Payment, now: Date): boolean {
  const approvedAt = payment.events?.find((event) => event.type === "AUTH_APPROVED")?.created ?? payment.created
  return !!approvedAt && now.getTime() - Date.parse(approvedAt) > REPLAYED_APPROVAL_AGE_MS
}

function authorizationError(context: PaymentContext, error: unknown): PaymentError {
  if (error instanceof PaymentError) return error
  if (error instanceof BnplDeclinedError) return shopperError("declined")
  if (error instanceof BnplInvalidTokenError) return shopperError("expired")
  // Express: the service refuses an amount other than the one the consumer approved.
  if (error instanceof BnplInvalidAmountError) return shopperError("amount_changed")
  return forShopper("Authorising the payment", error, "payment_failed", context.logger)
}

/** The session data once Auth approved, nothing captured yet. */
export function projectApproval(data: BnplPaymentData, payment: Payment): BnplPaymentData {
  return {
    ...data,
    orderId: payment.id,
    paymentState: payment.paymentState ?? "AUTH_APPROVED",
    authorizationExpiresAt: authorizationExpiry(payment),
    authorizedAt: new Date().toISOString(),
    capturedAmount: "0.00",
    refundedAmount: "0.00",
  }
}
