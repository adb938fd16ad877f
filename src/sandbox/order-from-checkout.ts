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
  /** Required for an express checkout, checked against the approved amount (approved-amount.ts). */
  amount?: MoneyInput
}

/**
 * Turns a confirmed checkout into a payment: the shared core of Auth (docs/service-api.md
 * "Auth") and Immediate Payment Capture (docs/service-api.md), which answer the same
 * errors: 402 `invalid_token` for an unknown, expired or already used token (or one closed by
 * a reversal), 412 `invalid_order_transaction_status` before the consumer confirmed, then the
 * `amount` rules of `approvedAmountRefusal` (422; express checkouts require the approved one).
 * The payment's `originalAmount` and `orderDetails` are the checkout's as it stands (after an
 * express confirmation: the option's `orderAmount` and the popup's consumer and address).
 *
 * `mode: "auth"`: 201 APPROVED / AUTH_APPROVED with an AUTH_APPROVED event that expires 13
 * days later, or 402 DECLINED / AUTH_DECLINED with an AUTH_DECLINED event after the declined path.
 * `mode: "capture"`: the whole amount is captured at once: 201 APPROVED / CAPTURED with one
 * CAPTURED event, or 201 DECLINED / CAPTURE_DECLINED with a CAPTURE_DECLINED event (the
 * service answers a Payment "with status APPROVED or DECLINED"; the events as recorded).
 */
export function orderFromCheckout(
  store: SandboxStore,
  account: SandboxAccount,
  request: OrderRequest,
  mode: "auth" | "capture"
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

/** The payment a confirmed checkout becomes: approved (and captured in `capture` mode) or declined, with its events. */
function paymentFromCheckout(
  store: SandboxStore,
  account: SandboxAccount,
  checkout: ConfirmedCheckout,
  request: OrderRequest,
  mode: "auth" | "capture",
  nowMs: number
): StoredPayment {
  const approved = checkout.consumerChoice === "approve"
  const captured = approved && mode === "capture"
  const amountMinor = apiAmountToMinorUnits(checkout.request.amount.amount)
  const payment: StoredPayment = {
    id: store.newPaymentId(),
    merchantId: account.merchantId,
    token: checkout.token,
    status: approved ? "APPROVED" : "DECLINED",
    paymentState: approved
      ? captured
        ? "CAPTURED"
        : "AUTH_APPROVED"
      : mode === "capture"
        ? "CAPTURE_DECLINED"
        : "AUTH_DECLINED",
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

/**
 * The one event a new payment starts with, as the real service records it
 * (docs/service-api.md "Events" and "Recorded answers"): AUTH_APPROVED with the
 * authorisation's expiry, or CAPTURED for an Immediate Payment Capture (no AUTH_APPROVED
 * before it); a decline records AUTH_DECLINED or CAPTURE_DECLINED, with the amount asked.
 */
function firstEvent(id: string, nowMs: number, approved: boolean, mode: "auth" | "capture", amountMinor: bigint): StoredPaymentEvent {
  if (!approved) return { id, createdAtMs: nowMs, type: mode === "capture" ? "CAPTURE_DECLINED" : "AUTH_DECLINED", amountMinor }
  if (mode === "capture") return { id, createdAtMs: nowMs, type: "CAPTURED", amountMinor }
  return { id, createdAtMs: nowMs, expiresAtMs: nowMs + AUTHORISATION_LIFETIME_MS, type: "AUTH_APPROVED", amountMinor }
}

/** The Auth (and, for an immediate capture that was approved, the capture) in the sandbox's ledger. */
function recordInLedger(
  store: SandboxStore,
  account: SandboxAccount,
  checkout: ConfirmedCheckout,
  request: OrderRequest,
  payment: StoredPayment,
  mode: "auth" | "capture",
  nowMs: number
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
