import type { Money } from "../client/money"
import { minorUnitsToMoney } from "../client/money"
import type { CreateCheckoutRequest } from "../client/schemas"
import { isoTimestamp } from "./clock"

/**
 * `paymentState` values (api-beyond-the-document.md "The Payment object"; the document
 * itself names only AUTH_APPROVED and AUTH_DECLINED). EXPIRED is the state of an
 * authorisation voided by the service after 13 days with nothing captured.
 */
export type PaymentState =
  | "AUTH_APPROVED"
  | "AUTH_DECLINED"
  | "PARTIALLY_CAPTURED"
  | "CAPTURED"
  | "VOIDED"
  | "EXPIRED"

/** A payment event as stored; amounts are integer minor units. */
export interface StoredPaymentEvent {
  id: string
  createdAtMs: number
  expiresAtMs?: number
  type: "AUTH_APPROVED" | "CAPTURED" | "VOIDED" | "EXPIRED"
  amountMinor: bigint
  paymentEventMerchantReference?: string
}

/** A Refund as answered by Create Refund (merchant-api-v2.md "Resources: Refund"). */
export interface RefundBody {
  requestId?: string
  amount: Money
  merchantReference?: string
  refundMerchantReference?: string
  refundId: string
  refundedAt: string
}

/** A payment (order) as the sandbox stores it. Amounts are integer minor units, never floats. */
export interface StoredPayment {
  id: string
  merchantId: string
  token: string
  status: "APPROVED" | "DECLINED"
  paymentState: PaymentState
  createdAtMs: number
  currency: string
  originalMinor: bigint
  openToCaptureMinor: bigint
  capturedMinor: bigint
  refundedMinor: bigint
  voidedMinor: bigint
  merchantReference?: string
  orderDetails: CreateCheckoutRequest
  events: StoredPaymentEvent[]
  refunds: RefundBody[]
  authorisationExpiresAtMs: number
  /** Set when the 13-day life ran out with an amount still open. */
  expiredAtMs?: number
}

/** The Payment object on the wire (api-beyond-the-document.md "The Payment object"). */
export interface PaymentBody {
  id: string
  token: string
  status: "APPROVED" | "DECLINED"
  created: string
  originalAmount: Money
  openToCaptureAmount: Money
  paymentState: PaymentState
  merchantReference?: string
  refunds: RefundBody[]
  orderDetails: CreateCheckoutRequest
  events: Array<{
    id: string
    created: string
    expires?: string
    type: StoredPaymentEvent["type"]
    amount: Money
    paymentEventMerchantReference?: string
  }>
}

/**
 * Applies the 13-day rule (merchant-api-v2.md "What the service does", rule 1, and "States
 * and transitions"): once the sandbox clock passes the authorisation's expiry with an amount
 * still open, nothing is open any more; the payment becomes EXPIRED if nothing was captured,
 * else CAPTURED (the captured part stands). Called on every read, so expiry needs no timer.
 */
export function settleExpiry(payment: StoredPayment, nowMs: number, newEventId: () => string): void {
  if (payment.status !== "APPROVED" || payment.openToCaptureMinor === 0n) return
  if (nowMs <= payment.authorisationExpiresAtMs) return
  payment.events.push({
    id: newEventId(),
    createdAtMs: payment.authorisationExpiresAtMs,
    type: "EXPIRED",
    amountMinor: payment.openToCaptureMinor,
  })
  payment.openToCaptureMinor = 0n
  payment.expiredAtMs = payment.authorisationExpiresAtMs
  payment.paymentState = payment.capturedMinor === 0n ? "EXPIRED" : "CAPTURED"
}

/** The state after a capture or void changed the open amount (api-beyond-the-document.md "Void"). */
export function stateAfterOpenAmountChanged(payment: StoredPayment): PaymentState {
  if (payment.openToCaptureMinor > 0n) {
    return payment.capturedMinor > 0n ? "PARTIALLY_CAPTURED" : "AUTH_APPROVED"
  }
  return payment.capturedMinor > 0n ? "CAPTURED" : "VOIDED"
}

/** The Payment object for a stored payment. */
export function paymentBody(payment: StoredPayment): PaymentBody {
  const money = (minor: bigint) => minorUnitsToMoney(minor, payment.currency)
  return {
    id: payment.id,
    token: payment.token,
    status: payment.status,
    created: isoTimestamp(payment.createdAtMs),
    originalAmount: money(payment.originalMinor),
    openToCaptureAmount: money(payment.openToCaptureMinor),
    paymentState: payment.paymentState,
    ...(payment.merchantReference === undefined ? {} : { merchantReference: payment.merchantReference }),
    refunds: payment.refunds.map((refund) => ({ ...refund })),
    orderDetails: structuredClone(payment.orderDetails),
    events: payment.events.map((event) => ({
      id: event.id,
      created: isoTimestamp(event.createdAtMs),
      ...(event.expiresAtMs === undefined ? {} : { expires: isoTimestamp(event.expiresAtMs) }),
      type: event.type,
      amount: money(event.amountMinor),
      ...(event.paymentEventMerchantReference === undefined
        ? {}
        : { paymentEventMerchantReference: event.paymentEventMerchantReference }),
    })),
  }
}
