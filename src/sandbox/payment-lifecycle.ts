import type { Money } from "../client/money"
import { minorUnitsToMoney } from "../client/money"
import type { Courier } from "../client/schemas"
import type { PaymentState } from "../payments/payment-state"
import { isoTimestamp } from "./clock"
import { eventMerchantReferenceAsAnswered, orderDetailsAsAnswered } from "./recorded-answers"
import type { ServiceCreateCheckoutRequest } from "./request-schemas"

/**
 * `paymentState` values: the core's own names (payments/payment-state.ts, from
 * docs/service-api.md "Payment (order)"), so the sandbox, the core and the admin's
 * view speak one vocabulary. EXPIRED is the state of an authorisation voided by the service
 * after 13 days with nothing captured; CAPTURE_DECLINED that of a declined Immediate Payment
 * Capture.
 */
export type { PaymentState }

/**
 * A payment event as stored; amounts are integer minor units. A declined Auth records
 * AUTH_DECLINED, a declined Immediate Payment Capture CAPTURE_DECLINED (docs/service-api.md
 * "Recorded answers").
 */
export interface StoredPaymentEvent {
  id: string
  createdAtMs: number
  expiresAtMs?: number
  type: "AUTH_APPROVED" | "AUTH_DECLINED" | "CAPTURED" | "CAPTURE_DECLINED" | "VOIDED" | "EXPIRED"
  amountMinor: bigint
  paymentEventMerchantReference?: string
}

/** A Refund as answered by Create Refund (docs/service-api.md "Refund"). */
export interface RefundBody {
  requestId?: string
  amount: Money
  merchantReference?: string
  refundMerchantReference?: string
  refundId: string
  refundedAt: string
}

/** The fields of a checkout that make a payment's `orderDetails` (docs/service-api.md "Payment (order)"). */
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

/**
 * A payment's `orderDetails`: the order's details only. The checkout's `amount` is the
 * payment's `originalAmount`, its `merchantReference` the payment's own; `description`,
 * `merchant`, `mode` and `shippingOptions` are not part of it (the official SDKs' models
 * refuse other fields there).
 */
export type OrderDetails = Pick<ServiceCreateCheckoutRequest, (typeof ORDER_DETAIL_FIELDS)[number]>

/** The `orderDetails` of a payment made from a checkout, with a courier's `shippedAt` in UTC. */
export function orderDetailsOf(checkout: ServiceCreateCheckoutRequest): OrderDetails {
  const details: Record<string, unknown> = {}
  for (const field of ORDER_DETAIL_FIELDS) {
    if (checkout[field] !== undefined) details[field] = structuredClone(checkout[field])
  }
  const result = details as OrderDetails
  if (result.courier) result.courier = courierInUtc(result.courier)
  return result
}

/**
 * A courier with `shippedAt` normalised to UTC with milliseconds, as the service answers it
 * (docs/service-api.md: `2020-01-01T00:59:59+01:00` comes back as
 * `2019-12-31T23:59:59.000Z`). The value was validated as ISO 8601 with an offset.
 */
export function courierInUtc(courier: Courier): Courier {
  if (courier.shippedAt === undefined) return courier
  return { ...courier, shippedAt: new Date(Date.parse(courier.shippedAt)).toISOString() }
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
  orderDetails: OrderDetails
  events: StoredPaymentEvent[]
  refunds: RefundBody[]
  authorisationExpiresAtMs: number
  /** Set when the 13-day life ran out with an amount still open. */
  expiredAtMs?: number
}

/** The Payment object on the wire (docs/service-api.md "Payment (order)"). */
export interface PaymentBody {
  id: string
  token: string
  status: "APPROVED" | "DECLINED"
  created: string
  originalAmount: Money
  openToCaptureAmount: Money
  paymentState: PaymentState
  merchantReference?: string
  /** Refunds and, as the service lists them too, voids (see `voidOpenAmount`). */
  refunds: RefundBody[]
  orderDetails: OrderDetails
  events: Array<{
    id: string
    created: string
    expires?: string
    type: StoredPaymentEvent["type"]
    amount: Money
    /** `null` when the event has none, as the service answers (docs/service-api.md "Recorded answers"). */
    paymentEventMerchantReference: string | null
  }>
}

/**
 * Applies the 13-day rule (docs/service-api.md "What the service does", rule 1, and "States
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

/** The state after a capture or void changed the open amount (docs/service-api.md "Void Payment"). */
export function stateAfterOpenAmountChanged(payment: StoredPayment): PaymentState {
  if (payment.openToCaptureMinor > 0n) {
    return payment.capturedMinor > 0n ? "PARTIALLY_CAPTURED" : "AUTH_APPROVED"
  }
  return payment.capturedMinor > 0n ? "CAPTURED" : "VOIDED"
}

/**
 * Voids `amountMinor` of what is open to capture: a VOIDED event, and an entry in
 * `refunds[]` too, because the real service lists voids there (the official SDK reads a
 * void's answer as the last entry of `refunds[]`; docs/service-api.md "Endpoints beyond the document"). The payment becomes VOIDED, or CAPTURED when part had been captured.
 * @returns the `refunds[]` entry of the void.
 */
export function voidOpenAmount(
  payment: StoredPayment,
  amountMinor: bigint,
  change: { nowMs: number; eventId: string; refundId: string; requestId?: string }
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
 * The Payment object for a stored payment, as the service answers it (docs/service-api.md
 * "Payment (order)" and "Recorded answers"): a declined payment's `openToCaptureAmount` is
 * the whole amount (nothing can be captured of it all the same), `orderDetails` carries the
 * service's empty values, every event a `paymentEventMerchantReference`.
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
