import BigNumber from "bignumber.js"
import type { HistoryStep } from "./history"

/**
 * What the soak's checker reads (the sandbox's ledger, Medusa's records, the history and the
 * logs) and what it reports, with the amounts arithmetic its rules share: minor units, never floats.
 */

/** What the checker reads of the sandbox's ledger (src/sandbox/ledger.ts `SandboxLedger`). */
export interface LedgerView {
  auths: Array<{ token: string; paymentId: string; status: string; requestId?: string }>
  captures: Array<{
    merchantId?: string
    orderId: string
    requestId?: string
    amount: { amount: string }
    paymentEventMerchantReference?: string
  }>
  refunds: Array<{
    merchantId?: string
    orderId: string
    refundId: string
    requestId?: string
    merchantReference?: string
    refundMerchantReference?: string
    amount: { amount: string }
    reversal?: true
  }>
  voids: Array<{ merchantId?: string; orderId: string; requestId?: string; amount: { amount: string } }>
  payments: Array<{
    id: string
    token: string
    status: string
    merchantReference?: string
    paymentState: string
    openToCaptureAmount: { amount: string }
    /** What the consumer approved: the amount Auth took, and the checkout's goods (docs/service-api.md "Payment (order)"). */
    originalAmount?: { amount: string }
    orderDetails?: { items?: Array<{ name?: string; sku?: string; quantity?: number; price?: { amount: string } }> }
  }>
  /** Update Shipping Courier calls applied (absent: none). */
  courierUpdates?: Array<{ orderId: string; courier: { tracking?: string } }>
}

/** One of Medusa's pay-later payments, with the sums of its live captures and refunds (minor units). */
export interface MedusaPayment {
  id: string
  /** `data.orderId`: the service's order id. */
  serviceOrderId?: string
  /** The Medusa order its payment collection belongs to, if any. */
  orderId?: string
  orderStatus?: string
  cartId?: string
  canceled: boolean
  capturedMinor: bigint
  refundedMinor: bigint
  /** The payment's amount (minor units): what Medusa took from the cart's total. */
  amountMinor?: bigint
  /** The order's lines as it was placed (its first version): SKU, quantity, unit price in minor units. */
  orderItems?: Array<{ sku: string; quantity: number; unitPriceMinor: bigint }>
  /**
   * `data.carriedApprovalId`: an order change moved the approval (issue 44). Both the payment
   * Medusa cancelled for the change and the order's new payment holding the approval have it.
   */
  carriedApprovalId?: string
}

/** A fulfillment Medusa marked shipped. */
export interface MedusaShipment {
  fulfillmentId: string
  orderId: string
  /** Its labels' tracking numbers. */
  tracking: string[]
  /** Whether the plugin keeps a courier sync error for it (shown to the admin on the order page). */
  courierSyncError: boolean
}

export interface CheckInput {
  seed: number
  ledger: LedgerView
  medusa: { payments: MedusaPayment[]; shipments?: MedusaShipment[] }
  history: readonly HistoryStep[]
  /** Each server's and the worker's log (or the lines it gained since the last check): the file's name, the text, the number of its first line (default 1). */
  logs: Array<{ file: string; text: string; firstLine?: number }>
  /** Every secret that must never be logged: secret keys, Basic header values, access tokens. */
  secrets: string[]
}

export type Rule =
  | "one-approval-per-cart"
  | "approval-without-order"
  | "captured-differs"
  | "refunded-differs"
  | "open-after-cancel"
  | "approval-lost"
  | "order-not-approved"
  | "shipment-not-told"
  | "money-call-sent-twice"
  | "shopper-saw-5xx"
  | "secret-in-log"

export interface Violation {
  rule: Rule
  message: string
  cart?: string
  order?: string
  payment?: string
  serviceOrder?: string
  /** The checkout token, when the violation is about an approval. */
  token?: string
}

/** An API or Medusa amount (major units, "12.3", "12.30", 12.3) as integer minor units. */
export function toMinor(value: string | number | undefined | null): bigint {
  if (value === undefined || value === null || value === "") return 0n
  return BigInt(new BigNumber(value).times(100).integerValue(BigNumber.ROUND_HALF_UP).toFixed(0))
}

/** Minor units as the API writes major units ("12.30", "-0.05"), for messages. */
export const major = (minor: bigint) =>
  `${minor < 0n ? "-" : ""}${(minor < 0n ? -minor : minor) / 100n}.${String((minor < 0n ? -minor : minor) % 100n).padStart(2, "0")}`

/** The sums of ledger entries per service order (minor units). */
export function groupSum(entries: Array<{ orderId: string; amount: { amount: string } }>): Map<string, bigint> {
  const totals = new Map<string, bigint>()
  for (const entry of entries) totals.set(entry.orderId, (totals.get(entry.orderId) ?? 0n) + toMinor(entry.amount.amount))
  return totals
}

/**
 * Medusa's pay-later payments by the service order they name, in Medusa's order: an order
 * change leaves two for one approval (the one Medusa cancelled, the new one holding it).
 */
export function byServiceOrder(payments: MedusaPayment[]): Map<string, MedusaPayment[]> {
  const groups = new Map<string, MedusaPayment[]>()
  for (const payment of payments) {
    if (payment.serviceOrderId) groups.set(payment.serviceOrderId, [...(groups.get(payment.serviceOrderId) ?? []), payment])
  }
  return groups
}

/** The payment a violation names among one service order's: the live one, else the last. */
export const shownPayment = (payments: MedusaPayment[]): MedusaPayment =>
  payments.find((payment) => !payment.canceled) ?? payments[payments.length - 1]
