import { BnplInvalidTokenError, BnplNotFoundError } from "../client"
import { describeServiceError } from "./errors"
import { assertOwnPayment, assertPaymentOfSession, readPayment, type PaymentContext, type PaymentResult } from "./payment-context"
import { authorizationExpiry, CHECKOUT_GONE, CHECKOUT_OPEN, toSessionStatus } from "./payment-state"
import type { BnplPaymentData } from "./session-data"

/** The status as the service sees it: the payment once authorised, else the checkout (docs/service-api.md "States and transitions"). */
export async function status(context: PaymentContext, input: { data: BnplPaymentData }): Promise<PaymentResult> {
  const { data } = input
  const { client } = context
  assertOwnPayment(context, data)
  if (data.orderId) {
    const refreshed = await refresh(context, input)
    return { status: toSessionStatus(refreshed.paymentState, refreshed.authorizationExpiresAt), data: refreshed }
  }
  const open = { status: toSessionStatus(CHECKOUT_OPEN, undefined), data: { ...data } }
  if (!data.token) return open
  try {
    await client.getCheckout(data.token)
    return open
  } catch (error) {
    if (!(error instanceof BnplInvalidTokenError)) throw describeServiceError("Reading the checkout", error)
  }
  try {
    const payment = assertPaymentOfSession(context, data, await client.getPaymentByToken(data.token))
    return { status: toSessionStatus(payment.paymentState, authorizationExpiry(payment)), data: { ...data } }
  } catch (error) {
    if (error instanceof BnplNotFoundError) return { status: toSessionStatus(CHECKOUT_GONE, undefined), data: { ...data } }
    throw describeServiceError("Reading the payment", error)
  }
}

/** The data refreshed from Get Payment for an authorised order. @throws PaymentError `payment_mismatch`, or the read's failure. */
export async function refresh(context: PaymentContext, input: { data: BnplPaymentData }): Promise<BnplPaymentData> {
  const { data } = input
  assertOwnPayment(context, data)
  if (!data.orderId) return { ...data }
  const payment = await readPayment(() => context.client.getPayment(data.orderId!))
  // Recorded too: the admin's refresh gives a payment approved before the identity records one.
  await context.money.identity.confirmed(data, payment)
  return {
    ...data,
    paymentState: payment.paymentState,
    authorizationExpiresAt: authorizationExpiry(payment) ?? data.authorizationExpiresAt,
  }
}
