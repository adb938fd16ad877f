import { apiAmountToMinorUnits, minorUnitsToApiAmount, toMinorUnits, type MajorUnitAmount } from "../../client/money"
import type { BnplOptions } from "../../options"
import { asPaymentState, isExpired, type PaymentState } from "../../payments/payment-state"
import { refundReferences } from "../../payments/refund-references"
import { requestIds } from "../../payments/request-ids"
import type { ServiceCallEntry } from "../records/call-timeline"
import type { CourierSyncError } from "../records/courier-sync-errors"
import type { ServicePaymentSnapshot } from "./service-payment-snapshots"
import { refundableAmount } from "./refund-amount"
import { medusaNotes } from "./medusa-notes"

/**
 * The states the order page names: the core's `PaymentState` (payments/payment-state.ts)
 * in words a merchant uses, plus `pending` before there is a payment and `carried` for a
 * payment Medusa cancelled for an order change whose approval moved to the order's new payment
 * (operations/order-changes).
 */
export type PayLaterState = "pending" | "authorised" | "partly_captured" | "captured" | "voided" | "expired" | "declined" | "carried"

/** A Medusa payment of this plugin as the order page's widget reads it (query.graph fields below). */
export interface MedusaPaymentForView {
  id: string
  /** The order's number as Medusa shows it (#1042), set by the reader: it names a refund without reason or note. */
  orderDisplayId?: number | null
  provider_id: string
  currency_code: string
  amount: MajorUnitAmount
  captured_at?: string | Date | null
  canceled_at?: string | Date | null
  updated_at?: string | Date | null
  data?: Record<string, any> | null
  captures?: Array<{ amount: MajorUnitAmount; created_at?: string | Date | null } | null> | null
  refunds?: Array<MedusaRefundForView | null> | null
}

/** A Medusa refund of the payment: its reason (a refund reason's label) and note go to the service (refund-references.ts). */
export interface MedusaRefundForView {
  id?: string
  amount: MajorUnitAmount
  created_at?: string | Date | null
  note?: string | null
  refund_reason?: { label?: string | null } | null
}

/** `query.graph` fields of a payment for the view, relative to the payment. */
export const PAYMENT_VIEW_FIELDS = [
  "id",
  "provider_id",
  "currency_code",
  "amount",
  "captured_at",
  "canceled_at",
  "updated_at",
  "data",
  "captures.amount",
  "captures.created_at",
  "refunds.id",
  "refunds.amount",
  "refunds.created_at",
  "refunds.note",
  "refunds.refund_reason.label",
]

/** A refund as the order page shows it, with the references the service was given for it. */
export interface RefundView {
  refundId: string
  /** API string, major units. */
  amount: string
  createdAt: string | null
  reason: string | null
  note: string | null
  /** Create Refund's `merchantReference` and `refundMerchantReference` (docs/service-api.md). */
  merchantReference: string
  refundMerchantReference: string
}

/**
 * What the order page shows for one pay later payment. Amounts are API strings in major
 * units (2 decimals) of `currency`; times are ISO 8601.
 */
export interface PaymentView {
  paymentId: string
  /** The service's order id (its payment id), once the authorisation was approved. */
  serviceOrderId: string | null
  state: PayLaterState
  /** Where `state` comes from: the service's last answer, or what Medusa recorded. */
  stateSource: "service" | "medusa"
  currency: string
  /**
   * Authorised: the Medusa payment's amount. Captured and refunded: Medusa's captures and
   * refunds. Refundable: captured less refunded. Released: what a void gave back to the
   * consumer (authorised less captured, once the payment is voided; 0 while it is open).
   */
  amounts: { authorised: string; captured: string; refunded: string; openToCapture: string; refundable: string; released: string }
  authorizationExpiresAt: string | null
  /** True while money is still open to capture and the expiry is within `expiryWarningHours`. */
  expiryWarning: boolean
  captureMode: BnplOptions["capture"]
  courier: { name?: string; tracking?: string; shippedAt?: string; priority?: string } | null
  courierErrors: CourierSyncError[]
  /** The last read from the service, or why it failed; null before the first read. */
  service: ServicePaymentSnapshot | null
  /** Where Medusa's records and the service's answer disagree, in words. */
  differences: string[]
  /**
   * Set when the service answered with a payment that is not this one's (another checkout
   * token or merchant account; payments/payment-identity.ts): why, in words. None of that
   * payment is shown, and the widget offers no action on it.
   */
  mismatch: string | null
  /**
   * The widget's own actions: capture and void the rest of a partly captured payment (Medusa's
   * buttons do not cover it), and refund whatever was captured and not yet refunded (Medusa's
   * menu item only once the payment is captured in full and not canceled).
   */
  actions: { captureRest: boolean; voidRest: boolean; refund: boolean }
  /** Where Medusa's order page reads otherwise than the box, what it shows and why, in words (medusa-notes.ts). */
  medusaNotes: string[]
  /** Paid through an express checkout: address and shipping were chosen in the service's popup (payments/express.ts). */
  express: boolean
  /** Medusa's refunds of the payment, oldest first, with their references at the service. */
  refunds: RefundView[]
  /** Every try of every call the plugin made about the payment, newest first (runtime/records/call-timeline.ts). */
  timeline: ServiceCallEntry[]
}

const STATE_OF: Record<PaymentState, PayLaterState> = {
  AUTH_APPROVED: "authorised",
  PARTIALLY_CAPTURED: "partly_captured",
  CAPTURED: "captured",
  VOIDED: "voided",
  EXPIRED: "expired",
  AUTH_DECLINED: "declined",
  CAPTURE_DECLINED: "declined",
}

const sum = (entries: Array<{ amount: MajorUnitAmount } | null> | null | undefined, field: string) =>
  (entries ?? []).reduce((total, entry) => total + (entry ? toMinorUnits(entry.amount, field) : 0n), 0n)

/** The newest time Medusa changed the payment (its row, a capture or a refund), in ms. */
export function lastMedusaChange(payment: MedusaPaymentForView): number {
  const times = [payment.updated_at, payment.canceled_at, payment.captured_at, ...(payment.captures ?? []).map((c) => c?.created_at), ...(payment.refunds ?? []).map((r) => r?.created_at)]
    .filter((time): time is string | Date => !!time)
    .map((time) => new Date(time).getTime())
  return times.length ? Math.max(...times) : 0
}

/**
 * Whether the snapshot predates something Medusa recorded, or was taken for another checkout
 * token (or before snapshots were checked against it), so the service should be read again.
 */
export function isSnapshotStale(snapshot: ServicePaymentSnapshot | undefined, payment: MedusaPaymentForView): boolean {
  const token = payment.data?.token as string | undefined
  return !snapshot || Date.parse(snapshot.readAt) < lastMedusaChange(payment) || (!!token && snapshot.forToken !== token)
}

/**
 * Puts together what the order page shows for a payment, from Medusa's records, the
 * service's last answer and the plugin's options. The state is the service's when it could
 * be read, else the one the provider recorded in the payment's data; an approved
 * authorisation past its expiry is `expired` (docs/service-api.md "What the service does", rule 1).
 */
export function buildPaymentView(
  payment: MedusaPaymentForView,
  options: Pick<BnplOptions, "capture" | "expiryWarningHours">,
  service: ServicePaymentSnapshot | undefined,
  courierErrors: CourierSyncError[] = [],
  now: Date = new Date(),
  timeline: ServiceCallEntry[] = []
): PaymentView {
  const data = payment.data ?? {}
  const authorised = toMinorUnits(payment.amount, "payment.amount")
  const captured = sum(payment.captures, "captures.amount")
  const refunded = sum(payment.refunds, "refunds.amount")
  const read = service && !("error" in service) ? service : undefined

  const expiresAt: string | null = read?.authorizationExpiresAt ?? data.authorizationExpiresAt ?? null
  const { state, carried } = viewState(payment, read, expiresAt, now)

  const closed = state === "voided" || state === "expired" || state === "declined" || state === "captured" || state === "carried"
  const open = carried
    ? 0n
    : read?.openToCaptureAmount !== undefined
    ? apiAmountToMinorUnits(read.openToCaptureAmount, "openToCaptureAmount")
    : closed || payment.canceled_at ? 0n : authorised - captured
  const stillOpen = open > 0n && (state === "authorised" || state === "partly_captured")
  const expiryWarning =
    stillOpen && !!expiresAt && Date.parse(expiresAt) - now.getTime() <= options.expiryWarningHours * 3600 * 1000

  const currency = payment.currency_code.toUpperCase()
  const differences = read ? differencesFromService(read, payment, state, captured, currency) : []
  const mismatch = service && "error" in service && service.reason === "payment_mismatch" ? service.error : null
  const partlyCaptured = !mismatch && !payment.canceled_at && captured > 0n && captured < authorised && stillOpen
  const released = payment.canceled_at && !carried ? releasedOf(data, read, authorised, captured) : 0n
  const amounts = amountsInApiStrings({ authorised, captured, refunded, open, released }, currency)
  const canRefund = !mismatch && /[1-9]/.test(amounts.refundable)

  return {
    paymentId: payment.id,
    serviceOrderId: (data.orderId as string | undefined) ?? null,
    state,
    stateSource: read ? "service" : "medusa",
    currency,
    amounts,
    authorizationExpiresAt: expiresAt,
    expiryWarning,
    captureMode: options.capture,
    courier: data.courier ?? null,
    courierErrors,
    service: service ?? null,
    differences,
    mismatch,
    actions: { captureRest: partlyCaptured, voidRest: partlyCaptured, refund: canRefund },
    medusaNotes: medusaNotes({ currency, amounts, canceled: !!payment.canceled_at && !carried, capturedInFull: !!payment.captured_at }),
    express: !!data.express,
    refunds: refundViews(payment.refunds, payment.orderDisplayId ?? null),
    timeline: withReleasedAmount(timeline, amounts.released, currency),
  }
}

type ServiceRead = Exclude<ServicePaymentSnapshot, { error: string }>

/**
 * What the void of a canceled payment gave back, minor units: the service's payment as read
 * since the cancel (the approval less what it captured), else the service's answer to the void as
 * the provider recorded it (`releasedAmount`), else, for a payment voided before either was kept, the
 * approval less Medusa's captures. Medusa's captures are the last resort only: a capture in
 * flight when the void went out is among them until the service refuses it.
 */
export function releasedOf(data: Record<string, any>, read: ServiceRead | undefined, authorised: bigint, captured: bigint): bigint {
  const rest = (capturedSoFar: bigint) => (authorised > capturedSoFar ? authorised - capturedSoFar : 0n)
  if (read) return rest(apiAmountToMinorUnits(read.capturedAmount, "capturedAmount"))
  if (typeof data.releasedAmount === "string") return apiAmountToMinorUnits(data.releasedAmount, "data.releasedAmount")
  return rest(captured)
}

/**
 * The payment's state: the service's when it could be read, else the one the provider
 * recorded; a Medusa-canceled payment never read is `voided`, one whose approval went to a
 * new payment `carried`, an approved authorisation past its expiry `expired`.
 */
function viewState(payment: MedusaPaymentForView, read: ServiceRead | undefined, expiresAt: string | null, now: Date): { state: PayLaterState; carried: boolean } {
  const data = payment.data ?? {}
  const known = asPaymentState(read?.paymentState ?? data.paymentState)
  let state: PayLaterState = known ? STATE_OF[known] : "pending"
  if (!read && payment.canceled_at && (state === "authorised" || state === "pending")) state = "voided"
  // The service's approval is the new payment's now: this one holds nothing of it.
  const carried = !!payment.canceled_at && !!data.carriedApprovalId
  if (carried) state = "carried"
  if (state === "authorised" && isExpired(expiresAt ?? undefined, now)) state = "expired"
  return { state, carried }
}

/** Where the service's answer and Medusa's records disagree, in words for the merchant. */
function differencesFromService(read: ServiceRead, payment: MedusaPaymentForView, state: PayLaterState, captured: bigint, currency: string): string[] {
  const differences: string[] = []
  if (apiAmountToMinorUnits(read.capturedAmount, "capturedAmount") !== captured) {
    differences.push(`The service has captured ${read.capturedAmount} ${currency}; Medusa recorded ${minorUnitsToApiAmount(captured)} ${currency}.`)
  }
  if ((state === "voided" || state === "expired") && !payment.canceled_at && captured === 0n) {
    differences.push(`The service says the authorisation is ${state}; Medusa still shows the payment as open.`)
  }
  return differences
}

/** The box's amounts as API strings (minor units in); refundable is captured less refunded, as Medusa's dialog counts it. */
function amountsInApiStrings(
  minor: { authorised: bigint; captured: bigint; refunded: bigint; open: bigint; released: bigint },
  currency: string
): PaymentView["amounts"] {
  const amounts = {
    authorised: minorUnitsToApiAmount(minor.authorised),
    captured: minorUnitsToApiAmount(minor.captured),
    refunded: minorUnitsToApiAmount(minor.refunded),
    openToCapture: minorUnitsToApiAmount(minor.open < 0n ? 0n : minor.open),
    refundable: "0.00",
    released: minorUnitsToApiAmount(minor.released),
  }
  return { ...amounts, refundable: refundableAmount({ currency, amounts }) }
}

/**
 * A Void Payment of the whole rest carries no amount (docs/service-api.md "Void Payment"): its
 * line shows what it released, so the timeline says where the money went. A void of part
 * (with an amount, an order change's narrowing) keeps its own.
 */
function withReleasedAmount(timeline: ServiceCallEntry[], released: string, currency: string): ServiceCallEntry[] {
  if (!/[1-9]/.test(released)) return timeline
  return timeline.map((entry) =>
    entry.operation === "Void Payment" && !entry.amount && entry.outcome === "ok" ? { ...entry, amount: released, currency } : entry
  )
}

/** Medusa's refunds with the references the plugin sent for each (the same function built them). */
function refundViews(refunds: MedusaPaymentForView["refunds"], orderDisplayId: number | null): RefundView[] {
  const ordered = (refunds ?? [])
    .filter((refund): refund is MedusaRefundForView & { id: string } => !!refund?.id)
    .sort((a, b) => new Date(a.created_at ?? 0).getTime() - new Date(b.created_at ?? 0).getTime() || a.id.localeCompare(b.id))
  // The refund's number among the payment's, as the provider sent it (runtime/records/medusa-refunds.ts).
  return ordered
    .map((refund, index) => {
      const notes = { reason: refund.refund_reason?.label ?? null, note: refund.note ?? null }
      const withOrder = { ...notes, orderDisplayId, refundNumber: index + 1 }
      return {
        refundId: refund.id,
        amount: minorUnitsToApiAmount(toMinorUnits(refund.amount, "refunds.amount")),
        createdAt: refund.created_at ? new Date(refund.created_at).toISOString() : null,
        ...notes,
        ...refundReferences(requestIds.refund(refund.id), withOrder),
      }
    })
    .sort((a, b) => (a.createdAt ?? "").localeCompare(b.createdAt ?? ""))
}
