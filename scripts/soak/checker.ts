import BigNumber from "bignumber.js"
import { DATABASE_UNAVAILABLE, REDIS_UNAVAILABLE } from "../../src/runtime/infrastructure/dependency-outage"
import { formatStep, stepsTouching, type HistoryStep } from "./history"

/**
 * The soak's checker: a pure function of what the service recorded (the sandbox's ledger), what
 * Medusa recorded (its payment, capture, refund and order tables), the actors' history and the
 * servers' log lines. It says nothing of how the run went, only whether money is in place.
 */

/** What the checker reads of the sandbox's ledger (src/sandbox/ledger.ts `SandboxLedger`). */
export interface LedgerView {
  auths: Array<{ token: string; paymentId: string; status: string; requestId?: string }>
  captures: Array<{ merchantId?: string; orderId: string; requestId?: string; amount: { amount: string }; paymentEventMerchantReference?: string }>
  refunds: Array<{ merchantId?: string; orderId: string; refundId: string; requestId?: string; merchantReference?: string; refundMerchantReference?: string; amount: { amount: string }; reversal?: true }>
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

/**
 * The 5xx answers the docs list for a shopper (docs/storefront.md "Errors the storefront can
 * show"): the payment session's when the service did not answer.
 */
const DOCUMENTED_SHOPPER_5XX = [
  { step: "payment-session", startsWith: "Pay later is not available right now." },
  // docs/storefront.md: the service gave no answer to the Auth (after the client's retries).
  { step: "complete", startsWith: "The pay later payment could not be completed." },
  // docs/storefront.md "Express checkout: the server routes": the reasons (the soak logs them) of its 5xx.
  { step: "express start", startsWith: "service_unavailable" },
  { step: "express complete", startsWith: "payment_failed" },
  { step: "express complete", startsWith: "unavailable" },
]

/**
 * The 503s any route answers while the store's PostgreSQL or Redis is away (docs/storefront.md
 * "Errors the storefront can show", docs/operations.md "Outages"; src/api/outage-error-handler.ts):
 * only with exactly these words, so Medusa's own 500 "An unknown error occurred." stays a violation.
 */
const DOCUMENTED_OUTAGE_503 = [DATABASE_UNAVAILABLE.message, REDIS_UNAVAILABLE.message]

/** An API or Medusa amount (major units, "12.3", "12.30", 12.3) as integer minor units. */
export function toMinor(value: string | number | undefined | null): bigint {
  if (value === undefined || value === null || value === "") return 0n
  return BigInt(new BigNumber(value).times(100).integerValue(BigNumber.ROUND_HALF_UP).toFixed(0))
}

const sum = (amounts: Array<{ amount: { amount: string } }>) => amounts.reduce((total, entry) => total + toMinor(entry.amount.amount), 0n)
const major = (minor: bigint) => `${minor < 0n ? "-" : ""}${(minor < 0n ? -minor : minor) / 100n}.${String((minor < 0n ? -minor : minor) % 100n).padStart(2, "0")}`

/** Every rule broken, in a stable order (by rule, then by what it names): the check at the end, once the jobs have settled. */
export function check(input: CheckInput): Violation[] {
  return [...approvals(input), ...money(input), ...approvedGoods(input), ...shipments(input), ...checkWhileRunning(input)]
}

/**
 * The rules that hold at every moment, not only once the jobs have settled: no money call
 * applied twice, no 5xx the docs do not list, no secret in a log line. The soak checks them
 * every minute while the actors run (an approval still on its way to an order, or a capture
 * the service applied a moment before Medusa records it, is not yet a violation then).
 */
export function checkWhileRunning(input: CheckInput): Violation[] {
  return [...sentTwice(input.ledger), ...shopperErrors(input.history), ...secretsInLogs(input)]
}

/** The rules `checkWhileRunning` checks. */
export const RULES_AT_ANY_MOMENT: readonly Rule[] = ["money-call-sent-twice", "shopper-saw-5xx", "secret-in-log"]

/** A key naming one violation, to tell a violation found again from a new one. */
export const violationKey = (violation: Violation) => `${violation.rule} ${violation.message}`

function approvals({ ledger, medusa }: CheckInput): Violation[] {
  const violations: Violation[] = []
  const captured = groupSum(ledger.captures)
  const refunded = groupSum(ledger.refunds)
  const withOrder = new Set(medusa.payments.filter((payment) => payment.orderId && payment.serviceOrderId).map((payment) => payment.serviceOrderId!))
  const liveByCart = new Map<string, string[]>()
  for (const payment of ledger.payments) {
    if (payment.status !== "APPROVED") continue
    const net = (captured.get(payment.id) ?? 0n) - (refunded.get(payment.id) ?? 0n)
    const open = toMinor(payment.openToCaptureAmount.amount)
    const settled = payment.paymentState === "VOIDED" || payment.paymentState === "EXPIRED" || (open === 0n && net === 0n)
    if (!withOrder.has(payment.id) && !settled) {
      violations.push({
        rule: "approval-without-order",
        message: `service order ${payment.id} is approved (state ${payment.paymentState}, ${major(open)} open, ${major(net)} captured and not refunded) but no Medusa order has it as its payment, and it was not voided`,
        cart: payment.merchantReference,
        serviceOrder: payment.id,
        token: payment.token,
      })
    }
    if (payment.merchantReference && !settled) liveByCart.set(payment.merchantReference, [...(liveByCart.get(payment.merchantReference) ?? []), payment.id])
  }
  for (const [cart, ids] of liveByCart) {
    if (ids.length > 1) {
      violations.push({ rule: "one-approval-per-cart", message: `cart ${cart} has ${ids.length} approvals still standing: ${ids.join(", ")}`, cart, serviceOrder: ids[0] })
    }
  }
  return violations
}

function groupSum(entries: Array<{ orderId: string; amount: { amount: string } }>): Map<string, bigint> {
  const totals = new Map<string, bigint>()
  for (const entry of entries) totals.set(entry.orderId, (totals.get(entry.orderId) ?? 0n) + toMinor(entry.amount.amount))
  return totals
}

function money({ ledger, medusa }: CheckInput): Violation[] {
  const violations: Violation[] = []
  const captured = groupSum(ledger.captures)
  const refunded = groupSum(ledger.refunds)
  const servicePayments = new Map(ledger.payments.map((payment) => [payment.id, payment]))
  for (const payment of medusa.payments) {
    if (!payment.serviceOrderId) continue
    const ids = { cart: payment.cartId, order: payment.orderId, payment: payment.id, serviceOrder: payment.serviceOrderId }
    const serviceCaptured = captured.get(payment.serviceOrderId) ?? 0n
    const serviceRefunded = refunded.get(payment.serviceOrderId) ?? 0n
    if (serviceCaptured !== payment.capturedMinor) {
      violations.push({ rule: "captured-differs", message: `the service captured ${major(serviceCaptured)}, Medusa records captures of ${major(payment.capturedMinor)}`, ...ids })
    }
    if (serviceRefunded !== payment.refundedMinor) {
      violations.push({ rule: "refunded-differs", message: `the service refunded ${major(serviceRefunded)}, Medusa records refunds of ${major(payment.refundedMinor)}`, ...ids })
    }
    if (payment.orderStatus === "canceled") {
      const open = toMinor(servicePayments.get(payment.serviceOrderId)?.openToCaptureAmount.amount)
      const kept = serviceCaptured - serviceRefunded
      if (open !== 0n || kept !== 0n) {
        violations.push({ rule: "open-after-cancel", message: `order ${payment.orderId} is canceled but the service still has ${major(open)} open to capture and ${major(kept)} captured and not refunded`, ...ids })
      }
    }
  }
  return violations
}

/**
 * What the shopper approved is what ships: every order paid later has the goods (SKU,
 * quantity, unit price) and the total of the checkout its consumer approved, as the service
 * keeps them on the payment (`orderDetails.items`, `originalAmount`). Lines without a SKU (the
 * mapping's "Adjustment" line) are not goods.
 */
function approvedGoods({ ledger, medusa }: CheckInput): Violation[] {
  const violations: Violation[] = []
  const servicePayments = new Map(ledger.payments.map((payment) => [payment.id, payment]))
  const line = (sku: string, quantity: number, unitPriceMinor: bigint) => `${sku} x${quantity} at ${major(unitPriceMinor)}`
  for (const payment of medusa.payments) {
    const service = payment.serviceOrderId ? servicePayments.get(payment.serviceOrderId) : undefined
    if (!payment.orderId || !service || !payment.orderItems) continue
    const approved = (service.orderDetails?.items ?? []).filter((item) => item.sku).map((item) => line(item.sku!, item.quantity ?? 1, toMinor(item.price?.amount))).sort()
    const placed = payment.orderItems.map((item) => line(item.sku, item.quantity, item.unitPriceMinor)).sort()
    const ids = { cart: payment.cartId, order: payment.orderId, payment: payment.id, serviceOrder: payment.serviceOrderId, token: service.token }
    if (approved.join("; ") !== placed.join("; ")) {
      violations.push({ rule: "order-not-approved", message: `order ${payment.orderId} has ${placed.join("; ") || "no goods"}, the consumer approved ${approved.join("; ") || "no goods"}`, ...ids })
    }
    const approvedTotal = toMinor(service.originalAmount?.amount)
    if (payment.amountMinor !== undefined && service.originalAmount && payment.amountMinor !== approvedTotal) {
      violations.push({ rule: "order-not-approved", message: `order ${payment.orderId} is paid ${major(payment.amountMinor)}, the consumer approved ${major(approvedTotal)}`, ...ids })
    }
  }
  return violations
}

/**
 * Every shipment of an order paid later reached the service (Update Shipping Courier for its
 * service order, with the shipment's tracking number), or the admin is shown that it did not
 * (a courier sync error kept for the fulfillment).
 */
function shipments({ ledger, medusa }: CheckInput): Violation[] {
  const violations: Violation[] = []
  const told = new Map<string, string[]>()
  for (const update of ledger.courierUpdates ?? []) told.set(update.orderId, [...(told.get(update.orderId) ?? []), update.courier.tracking ?? ""])
  for (const shipment of medusa.shipments ?? []) {
    if (shipment.courierSyncError) continue
    for (const payment of medusa.payments.filter((candidate) => candidate.orderId === shipment.orderId && candidate.serviceOrderId)) {
      const updates = told.get(payment.serviceOrderId!) ?? []
      if (updates.some((tracking) => shipment.tracking.every((number) => tracking.includes(number)))) continue
      violations.push({
        rule: "shipment-not-told",
        message: `fulfillment ${shipment.fulfillmentId} (tracking ${shipment.tracking.join(", ") || "none"}) shipped, but the service was not told (${updates.length} courier update(s) for its order) and no courier sync error is shown`,
        cart: payment.cartId,
        order: shipment.orderId,
        payment: payment.id,
        serviceOrder: payment.serviceOrderId,
      })
    }
  }
  return violations
}

function sentTwice(ledger: LedgerView): Violation[] {
  const violations: Violation[] = []
  const kinds: Array<[string, Array<{ merchantId?: string; orderId: string; requestId?: string }>, (entry: any) => string | undefined]> = [
    ["capture", ledger.captures, (entry) => entry.paymentEventMerchantReference],
    // The Medusa refund id is the merchantReference; the event reference also carries the refund's reason and note.
    ["refund", ledger.refunds.filter((entry) => !entry.reversal), (entry) => entry.merchantReference ?? entry.refundMerchantReference],
    ["void", ledger.voids, () => undefined],
  ]
  for (const [kind, entries, medusaRecord] of kinds) {
    for (const [label, keyOf] of [
      ["requestId", (entry: any) => entry.requestId],
      ["Medusa record", medusaRecord],
    ] as const) {
      const seen = new Map<string, { orderId: string }>()
      const reported = new Set<string>()
      for (const entry of entries) {
        const key = keyOf(entry)
        if (!key) continue
        const scoped = `${entry.merchantId ?? ""} ${key}`
        if (seen.has(scoped) && !reported.has(scoped)) {
          reported.add(scoped)
          const count = entries.filter((other) => keyOf(other) === key && (other.merchantId ?? "") === (entry.merchantId ?? "")).length
          violations.push({ rule: "money-call-sent-twice", message: `${kind} with ${label} ${key} was applied ${count} times at the service`, serviceOrder: entry.orderId })
        }
        seen.set(scoped, entry)
      }
    }
  }
  return violations
}

function shopperErrors(history: readonly HistoryStep[]): Violation[] {
  return history
    .filter((step) => step.actor.startsWith("shopper") && step.status !== undefined && step.status >= 500)
    .filter((step) => !DOCUMENTED_SHOPPER_5XX.some((listed) => step.step === listed.step && step.result.startsWith(listed.startsWith)))
    .filter((step) => !(step.status === 503 && DOCUMENTED_OUTAGE_503.includes(step.result)))
    .map((step) => ({
      rule: "shopper-saw-5xx" as const,
      message: `${step.actor} got ${step.status} on ${step.step}: ${step.result}`,
      cart: step.cart,
      order: step.order,
      serviceOrder: step.serviceOrder,
    }))
}

function secretsInLogs({ logs, secrets }: CheckInput): Violation[] {
  const violations: Violation[] = []
  const wanted = secrets.filter((secret) => secret.length >= 8)
  for (const { file, text, firstLine = 1 } of logs) {
    // Most chunks hold no secret at all: one pass over the text per secret, lines only when one is there.
    if (!wanted.some((secret) => text.includes(secret))) continue
    const lines = text.split("\n")
    lines.forEach((line, index) => {
      for (const secret of wanted) {
        if (line.includes(secret)) violations.push({ rule: "secret-in-log", message: `${file}:${firstLine + index} holds a secret (${secret.slice(0, 4)}…)` })
      }
    })
  }
  return violations
}

/**
 * A violation as printed: the rule, what it names, the seed to replay, and every history step
 * that touched its cart, order, payment or service order.
 */
export function describeViolation(violation: Violation, input: Pick<CheckInput, "seed" | "history">): string {
  const ids = [
    violation.cart && `cart ${violation.cart}`,
    violation.order && `order ${violation.order}`,
    violation.payment && `payment ${violation.payment}`,
    violation.serviceOrder && `service order ${violation.serviceOrder}`,
  ].filter(Boolean)
  const steps = stepsTouching(input.history, [violation.cart, violation.order, violation.payment, violation.serviceOrder, violation.token])
  return [
    `VIOLATION ${violation.rule}: ${violation.message}`,
    `  ${ids.join(", ") || "(no cart or payment)"}; seed ${input.seed} (replay: npm run soak -- --seed ${input.seed} ...)`,
    ...(steps.length ? steps.map(formatStep) : ["  (no actor step touched it)"]),
  ].join("\n")
}
