import type { SandboxAccount } from "./accounts"
import { apiAmountToMinorUnits, minorUnitsToMoney } from "../client/money"
import type { MoneyInput } from "../client/schemas"
import { approvedAmountRefusal } from "./approved-amount"
import { isoTimestamp } from "./clock"
import { orderDetailsOf, paymentBody, type StoredPayment, type StoredPaymentEvent } from "./payment-lifecycle"
import { errorResult, jsonResult, type EndpointResult } from "./result"
import { AUTHORISATION_LIFETIME_MS } from "./rules"
import type { SandboxStore } from "./state"

/** What Auth and Immediate Payment Capture were asked. */
export interface OrderRequest {
  token: string
  requestId?: string
  merchantReference?: string
  /** Required for an express checkout, checked against the approved amount. */
  amount?: MoneyInput
}

/**
 * A confirmed checkout becomes a payment: the shared core of Auth and Immediate Payment Capture,
 * which refuse alike (402 `invalid_token`, 412 before the consumer confirmed, 422 amount rules).
 * `capture` captures the whole amount at once and answers 201 even when declined, as the service does.
 */
export function orderFromCheckout(
  store: SandboxStore,
  account: SandboxAccount,
  request: OrderRequest,
  mode: "auth" | "capture",
): EndpointResult {
  const checkout = store.checkoutOf(account.merchantId, request.token)
  if (!checkout || store.isCheckoutExpired(checkout) || checkout.completedAtMs !== undefined) {
    return errorResult(402, "invalid_token", "The checkout token is invalid, expired, already used or unknown")
  }
  if (checkout.consumerChoice !== "approve" && checkout.consumerChoice !== "decline") {
    return errorResult(412, "invalid_order_transaction_status", "The consumer has not confirmed the payment for this token")
  }
  const refusal = approvedAmountRefusal(checkout, request.amount, mode)
  if (refusal) return refusal
  const nowMs = store.clock.nowMs()
  const payment = paymentFromCheckout(store, account, checkout, request, mode, nowMs)
  store.payments.set(payment.id, payment)
  checkout.completedAtMs = nowMs
  recordInLedger(store, account, checkout, request, payment, mode, nowMs)
  return jsonResult(payment.status === "APPROVED" || mode === "capture" ? 201 : 402, paymentBody(payment))
}

type ConfirmedCheckout = NonNullable<ReturnType<SandboxStore["checkoutOf"]>>

function paymentFromCheckout(
  store: SandboxStore,
  account: SandboxAccount,
  checkout: ConfirmedCheckout,
  request: OrderRequest,
  mode: "auth" | "capture",
  nowMs: number,
): StoredPayment {
  const approved = checkout.consumerChoice === "approve"
  const captured = approved && mode === "capture"
  const amountMinor = apiAmountToMinorUnits(checkout.request.amount.amount)
  const payment: StoredPayment = {
    id: store.newPaymentId(),
    merchantId: account.merchantId,
    token: checkout.token,
    status: approved ? "APPROVED" : "DECLINED",
    paymentState: approved ? (captured ? "CAPTURED" : "AUTH_APPROVED") : mode === "capture" ? "CAPTURE_DECLINED" : "AUTH_DECLINED",
    createdAtMs: nowMs,
    currency: checkout.request.amount.currency,
    originalMinor: amountMinor,
    openToCaptureMinor: approved && !captured ? amountMinor : 0n,
    capturedMinor: captured ? amountMinor : 0n,
    refundedMinor: 0n,
    voidedMinor: 0n,
    // docs/service-api.md "Auth": a merchantReference given here replaces the checkout's.
    merchantReference: request.merchantReference ?? checkout.request.merchantReference,
    orderDetails: orderDetailsOf(checkout.request),
    events: [firstEvent(store.newEventId(), nowMs, approved, mode, amountMinor)],
    refunds: [],
    authorisationExpiresAtMs: nowMs + AUTHORISATION_LIFETIME_MS,
  }
  if (payment.merchantReference === undefined) delete payment.merchantReference
  return payment
}

/** As the real service records it: an Immediate Payment Capture has no AUTH_APPROVED before its CAPTURED. */
function firstEvent(id: string, nowMs: number, approved: boolean, mode: "auth" | "capture", amountMinor: bigint): StoredPaymentEvent {
  if (!approved) return { id, createdAtMs: nowMs, type: mode === "capture" ? "CAPTURE_DECLINED" : "AUTH_DECLINED", amountMinor }
  if (mode === "capture") return { id, createdAtMs: nowMs, type: "CAPTURED", amountMinor }
  return { id, createdAtMs: nowMs, expiresAtMs: nowMs + AUTHORISATION_LIFETIME_MS, type: "AUTH_APPROVED", amountMinor }
}

function recordInLedger(
  store: SandboxStore,
  account: SandboxAccount,
  checkout: ConfirmedCheckout,
  request: OrderRequest,
  payment: StoredPayment,
  mode: "auth" | "capture",
  nowMs: number,
): void {
  const at = isoTimestamp(nowMs)
  const requestId = request.requestId === undefined ? {} : { requestId: request.requestId }
  store.ledger.auths.push({
    merchantId: account.merchantId,
    token: checkout.token,
    ...requestId,
    paymentId: payment.id,
    status: payment.status,
    amount: checkout.request.amount,
    ...(mode === "capture" ? { immediateCapture: true as const } : {}),
    at,
  })
  if (payment.paymentState === "CAPTURED") {
    store.ledger.captures.push({
      merchantId: account.merchantId,
      orderId: payment.id,
      ...requestId,
      amount: minorUnitsToMoney(payment.originalMinor, payment.currency),
      immediateCapture: true,
      at,
    })
  }
}
