import type { Money } from "../client/money"
import { minorUnitsToMoney } from "../client/money"
import type { Courier } from "../client/schemas"
import type { PaymentState } from "../payments/payment-state"
import { isoTimestamp } from "./clock"
import { eventMerchantReferenceAsAnswered, orderDetailsAsAnswered } from "./recorded-answers"
import type { ServiceCreateCheckoutRequest } from "./request-schemas"

/** The core's own state names, so the sandbox, the core and the admin speak one vocabulary. */
export type { PaymentState }

/** A payment event as stored; amounts in integer minor units. */
export interface StoredPaymentEvent {
  id: string
  createdAtMs: number
  expiresAtMs?: number
  type: "AUTH_APPROVED" | "AUTH_DECLINED" | "CAPTURED" | "CAPTURE_DECLINED" | "VOIDED" | "EXPIRED"
  amountMinor: bigint
  paymentEventMerchantReference?: string
}

/** docs/service-api.md "Refund". */
export interface RefundBody {
  requestId?: string
  amount: Money
  merchantReference?: string
  refundMerchantReference?: string
  refundId: string
  refundedAt: string
}

/** The checkout fields that make a payment's `orderDetails`. */
export const ORDER_DETAIL_FIELDS = [
  "consumer",
  "billing",
  "shipping",
  "courier",
  "items",
  "discounts",
  "taxAmount",
  "shippingAmount",
  "purchaseCountry",
] as const

/** A payment's `orderDetails`; other checkout fields are left out, as the official SDKs' models refuse them there. */
export type OrderDetails = Pick<ServiceCreateCheckoutRequest, (typeof ORDER_DETAIL_FIELDS)[number]>

/** The `orderDetails` of a payment made from a checkout. */
export function orderDetailsOf(checkout: ServiceCreateCheckoutRequest): OrderDetails {
  const details: Record<string, unknown> = {}
  for (const field of ORDER_DETAIL_FIELDS) {
    if (checkout[field] !== undefined) details[field] = structuredClone(checkout[field])
  }
  const result = details as OrderDetails
  if (result.courier) result.courier = courierInUtc(result.courier)
  return result
}

/** `shippedAt` in UTC with milliseconds, as the service answers it (`+01:00` comes back as `Z`). */
export function courierInUtc(courier: Courier): Courier {
  if (courier.shippedAt === undefined) return courier
  return { ...courier, shippedAt: new Date(Date.parse(courier.shippedAt)).toISOString() }
}

/** A payment as the sandbox stores it; amounts in integer minor units. */
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
  orderDetails: OrderDetails
  events: StoredPaymentEvent[]
  refunds: RefundBody[]
  authorisationExpiresAtMs: number
  expiredAtMs?: number
}

/** docs/service-api.md "Payment (order)". */
export interface PaymentBody {
  id: string
  token: string
  status: "APPROVED" | "DECLINED"
  created: string
  originalAmount: Money
  openToCaptureAmount: Money
  paymentState: PaymentState
  merchantReference?: string
  /** Refunds and, as the service lists them too, voids. */
  refunds: RefundBody[]
  orderDetails: OrderDetails
  events: Array<{
    id: string
    created: string
    expires?: string
    type: StoredPaymentEvent["type"]
    amount: Money
    paymentEventMerchantReference: string | null
  }>
}

/**
 * The 13-day rule (docs/service-api.md "Authorisation life (13 days)"): past expiry nothing is open;
 * EXPIRED if nothing was captured, else CAPTURED. Called on every read, so expiry needs no timer.
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

/** The state after a capture or void changed the open amount. */
export function stateAfterOpenAmountChanged(payment: StoredPayment): PaymentState {
  if (payment.openToCaptureMinor > 0n) {
    return payment.capturedMinor > 0n ? "PARTIALLY_CAPTURED" : "AUTH_APPROVED"
  }
  return payment.capturedMinor > 0n ? "CAPTURED" : "VOIDED"
}

/**
 * Voids `amountMinor` of the open amount, with an entry in `refunds[]` too, as the real service lists
 * voids there (the official SDK reads a void's answer from it). Returns that entry.
 */
export function voidOpenAmount(
  payment: StoredPayment,
  amountMinor: bigint,
  change: { nowMs: number; eventId: string; refundId: string; requestId?: string },
): RefundBody {
  payment.openToCaptureMinor -= amountMinor
  payment.voidedMinor += amountMinor
  payment.paymentState = stateAfterOpenAmountChanged(payment)
  payment.events.push({ id: change.eventId, createdAtMs: change.nowMs, type: "VOIDED", amountMinor })
  const entry: RefundBody = {
    ...(change.requestId === undefined ? {} : { requestId: change.requestId }),
    amount: minorUnitsToMoney(amountMinor, payment.currency),
    refundId: change.refundId,
    refundedAt: isoTimestamp(change.nowMs),
  }
  payment.refunds.push(entry)
  return entry
}

/**
 * The Payment object as the service answers it (docs/service-api.md "Recorded answers"): a declined
 * payment's `openToCaptureAmount` is the whole amount, `orderDetails` has the service's empty values.
 */
export function paymentBody(payment: StoredPayment): PaymentBody {
  const money = (minor: bigint) => minorUnitsToMoney(minor, payment.currency)
  return {
    id: payment.id,
    token: payment.token,
    status: payment.status,
    created: isoTimestamp(payment.createdAtMs),
    originalAmount: money(payment.originalMinor),
    openToCaptureAmount: money(payment.status === "DECLINED" ? payment.originalMinor : payment.openToCaptureMinor),
    paymentState: payment.paymentState,
    ...(payment.merchantReference === undefined ? {} : { merchantReference: payment.merchantReference }),
    refunds: payment.refunds.map((refund) => ({ ...refund })),
    orderDetails: orderDetailsAsAnswered(payment.orderDetails),
    events: payment.events.map((event) => ({
      id: event.id,
      created: isoTimestamp(event.createdAtMs),
      ...(event.expiresAtMs === undefined ? {} : { expires: isoTimestamp(event.expiresAtMs) }),
      type: event.type,
      amount: money(event.amountMinor),
      paymentEventMerchantReference: eventMerchantReferenceAsAnswered(event.paymentEventMerchantReference),
    })),
  }
}
