import { apiAmountToMinorUnits, minorUnitsToApiAmount, toMinorUnits, type MajorUnitAmount } from "../../client/money"
import type { BnplOptions } from "../../options"
import { asPaymentState, isExpired, type PaymentState } from "../../payments/payment-state"
import { refundReferences } from "../../payments/refund-references"
import { requestIds } from "../../payments/request-ids"
import type { ServiceCallEntry } from "../records/call-timeline"
import type { CourierSyncError } from "../records/courier-sync-errors"
import type { ServicePaymentSnapshot } from "./service-payment-snapshots"
import { refundableAmount } from "../../payments/money-rules"
import { medusaNotes } from "./medusa-notes"

/** `PaymentState` in merchant words, plus `pending` (no payment yet) and `carried` (approval moved to the order's new payment). */
export type PayLaterState = "pending" | "authorised" | "partly_captured" | "captured" | "voided" | "expired" | "declined" | "carried"

/** A Medusa payment of this plugin as the order page reads it. */
export interface MedusaPaymentForView {
  id: string
  /** The order's display number (#1042); it names a refund without reason or note. */
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

/** A Medusa refund; its reason label and note go to the service. */
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
  amount: string
  createdAt: string | null
  reason: string | null
  note: string | null
  merchantReference: string
  refundMerchantReference: string
}

/** One pay later payment on the order page. Amounts: API strings with 2 decimals in `currency`; times ISO 8601. */
export interface PaymentView {
  paymentId: string
  serviceOrderId: string | null
  state: PayLaterState
  stateSource: "service" | "medusa"
  currency: string
  /** Refundable: captured less refunded. Released: what a void gave back (authorised less captured; 0 while open). */
  amounts: { authorised: string; captured: string; refunded: string; openToCapture: string; refundable: string; released: string }
  authorizationExpiresAt: string | null
  /** True while money is still open to capture and the expiry is within `expiryWarningHours`. */
  expiryWarning: boolean
  captureMode: BnplOptions["capture"]
  courier: { name?: string; tracking?: string; shippedAt?: string; priority?: string } | null
  courierErrors: CourierSyncError[]
  service: ServicePaymentSnapshot | null
  differences: string[]
  /** Why the service's answer is another payment's (other token or account); none of it is shown, no action offered. */
  mismatch: string | null
  /** Actions Medusa's buttons lack: capture or void the rest of a partly captured payment, refund before a full capture. */
  actions: { captureRest: boolean; voidRest: boolean; refund: boolean }
  medusaNotes: string[]
  /** Address and shipping were chosen in the service's express popup. */
  express: boolean
  refunds: RefundView[]
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
  const times = [
    payment.updated_at,
    payment.canceled_at,
    payment.captured_at,
    ...(payment.captures ?? []).map((c) => c?.created_at),
    ...(payment.refunds ?? []).map((r) => r?.created_at),
  ]
    .filter((time): time is string | Date => !!time)
    .map((time) => new Date(time).getTime())
  return times.length ? Math.max(...times) : 0
}

/** Whether the snapshot predates a Medusa change or was taken for another checkout token, so the service must be read again. */
export function isSnapshotStale(snapshot: ServicePaymentSnapshot | undefined, payment: MedusaPaymentForView): boolean {
  const token = payment.data?.token as string | undefined
  return !snapshot || Date.parse(snapshot.readAt) < lastMedusaChange(payment) || (!!token && snapshot.forToken !== token)
}

/** The order page's view of a payment; an approved one past its expiry is `expired` (docs/service-api.md "What the service does", rule 1). */
export function buildPaymentView(
  payment: MedusaPaymentForView,
  options: Pick<BnplOptions, "capture" | "expiryWarningHours">,
  service: ServicePaymentSnapshot | undefined,
  courierErrors: CourierSyncError[] = [],
  now: Date = new Date(),
  timeline: ServiceCallEntry[] = [],
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
      : closed || payment.canceled_at
        ? 0n
        : authorised - captured
  const stillOpen = open > 0n && (state === "authorised" || state === "partly_captured")
  const expiryWarning = stillOpen && !!expiresAt && Date.parse(expiresAt) - now.getTime() <= options.expiryWarningHours * 3600 * 1000

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
 * What a canceled payment's void gave back, minor units: from the service's read, else the provider's `releasedAmount`,
 * else the approval less Medusa's captures, last because those may hold an in-flight capture the service will refuse.
 */
export function releasedOf(data: Record<string, any>, read: ServiceRead | undefined, authorised: bigint, captured: bigint): bigint {
  const rest = (capturedSoFar: bigint) => (authorised > capturedSoFar ? authorised - capturedSoFar : 0n)
  if (read) return rest(apiAmountToMinorUnits(read.capturedAmount, "capturedAmount"))
  if (typeof data.releasedAmount === "string") return apiAmountToMinorUnits(data.releasedAmount, "data.releasedAmount")
  return rest(captured)
}

function viewState(
  payment: MedusaPaymentForView,
  read: ServiceRead | undefined,
  expiresAt: string | null,
  now: Date,
): { state: PayLaterState; carried: boolean } {
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

function differencesFromService(
  read: ServiceRead,
  payment: MedusaPaymentForView,
  state: PayLaterState,
  captured: bigint,
  currency: string,
): string[] {
  const differences: string[] = []
  if (apiAmountToMinorUnits(read.capturedAmount, "capturedAmount") !== captured) {
    differences.push(
      `The service has captured ${read.capturedAmount} ${currency}; Medusa recorded ${minorUnitsToApiAmount(captured)} ${currency}.`,
    )
  }
  if ((state === "voided" || state === "expired") && !payment.canceled_at && captured === 0n) {
    differences.push(`The service says the authorisation is ${state}; Medusa still shows the payment as open.`)
  }
  return differences
}

function amountsInApiStrings(
  minor: { authorised: bigint; captured: bigint; refunded: bigint; open: bigint; released: bigint },
  currency: string,
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

/** A void of the whole rest carries no amount (docs/service-api.md "Void Payment"); its line shows what it released. */
function withReleasedAmount(timeline: ServiceCallEntry[], released: string, currency: string): ServiceCallEntry[] {
  if (!/[1-9]/.test(released)) return timeline
  return timeline.map((entry) =>
    entry.operation === "Void Payment" && !entry.amount && entry.outcome === "ok" ? { ...entry, amount: released, currency } : entry,
  )
}

/** References are rebuilt as the provider sent them; the refund number is its position by creation time. */
function refundViews(refunds: MedusaPaymentForView["refunds"], orderDisplayId: number | null): RefundView[] {
  const ordered = (refunds ?? [])
    .filter((refund): refund is MedusaRefundForView & { id: string } => !!refund?.id)
    .sort((a, b) => new Date(a.created_at ?? 0).getTime() - new Date(b.created_at ?? 0).getTime() || a.id.localeCompare(b.id))
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
