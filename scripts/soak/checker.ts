import { DATABASE_UNAVAILABLE, REDIS_UNAVAILABLE } from "../../src/runtime/infrastructure/dependency-outage"
import { SHOPPER_WORDING } from "../../src/vocabulary"
import {
  byServiceOrder,
  groupSum,
  major,
  shownPayment,
  toMinor,
  type CheckInput,
  type LedgerView,
  type Rule,
  type Violation,
} from "./check-records"
import { formatStep, stepsTouching, type HistoryStep } from "./history"
import { approvalLost, approvedGoods, money } from "./order-rules"

export { toMinor } from "./check-records"
export type { CheckInput, LedgerView, MedusaPayment, MedusaShipment, Rule, Violation } from "./check-records"

/**
 * The soak's checker: a pure function of what the service recorded (the sandbox's ledger), what
 * Medusa recorded (its payment, capture, refund and order tables), the actors' history and the
 * servers' log lines. It says nothing of how the run went, only whether money is in place.
 * The rules on each order's money and approval are order-rules.ts's.
 */

/**
 * The 5xx answers the docs list for a shopper (docs/storefront.md "Errors the storefront can
 * show"): the payment session's when the service did not answer.
 */
const DOCUMENTED_SHOPPER_5XX = [
  { step: "payment-session", startsWith: "Pay later is not available right now." },
  // docs/troubleshooting.md `payment_failed`: the service gave no answer to the Auth (after the
  // client's retries); the background completion places the order once it answers again.
  { step: "complete", startsWith: SHOPPER_WORDING.payment_failed },
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

/**
 * Medusa's own 500s whose cause Medusa swallows, documented only for a request made while the
 * store's PostgreSQL or Redis was away (docs/troubleshooting.md "Could not delete all payment
 * sessions"): its delete-payment-sessions workflow logs why a deletion failed and answers these words.
 */
const DOCUMENTED_DURING_OUTAGE_5XX = [{ step: "change cart after approval", startsWith: "Could not delete all payment sessions" }]

/** When the soak had PostgreSQL or Redis cut off: from each `cut` to its `restore` (or the end). */
function storeOutages(history: readonly HistoryStep[]): Array<{ from: number; to: number }> {
  const windows: Array<{ from: number; to: number }> = []
  for (const kind of ["postgres", "redis"]) {
    for (const cut of history.filter((step) => step.actor === "chaos" && step.step === `cut ${kind}`)) {
      const restore = history.find((step) => step.actor === "chaos" && step.step === `restore ${kind}` && step.at >= cut.at)
      windows.push({ from: cut.at, to: restore?.at ?? Number.POSITIVE_INFINITY })
    }
  }
  return windows
}

/** Whether a request's time, from its start (`at - ms`) to its answer (`at`), overlaps one of `windows`. */
function duringOutage(step: HistoryStep, windows: ReadonlyArray<{ from: number; to: number }>): boolean {
  const started = step.at - (step.ms ?? 0)
  return windows.some((window) => started <= window.to && step.at >= window.from)
}

/** Every rule broken, in a stable order (by rule, then by what it names): the check at the end, once the jobs have settled. */
export function check(input: CheckInput): Violation[] {
  return [
    ...approvals(input),
    ...money(input),
    ...approvedGoods(input),
    ...approvalLost(input),
    ...shipments(input),
    ...checkWhileRunning(input),
  ]
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
  const withOrder = new Set(
    medusa.payments.filter((payment) => payment.orderId && payment.serviceOrderId).map((payment) => payment.serviceOrderId!),
  )
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
    if (payment.merchantReference && !settled)
      liveByCart.set(payment.merchantReference, [...(liveByCart.get(payment.merchantReference) ?? []), payment.id])
  }
  for (const [cart, ids] of liveByCart) {
    if (ids.length > 1) {
      violations.push({
        rule: "one-approval-per-cart",
        message: `cart ${cart} has ${ids.length} approvals still standing: ${ids.join(", ")}`,
        cart,
        serviceOrder: ids[0],
      })
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
  for (const update of ledger.courierUpdates ?? [])
    told.set(update.orderId, [...(told.get(update.orderId) ?? []), update.courier.tracking ?? ""])
  for (const shipment of medusa.shipments ?? []) {
    if (shipment.courierSyncError) continue
    // One check per approval: an order change leaves two Medusa payments naming it.
    const ofOrder = byServiceOrder(medusa.payments.filter((candidate) => candidate.orderId === shipment.orderId))
    for (const payment of [...ofOrder.values()].map(shownPayment)) {
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
          violations.push({
            rule: "money-call-sent-twice",
            message: `${kind} with ${label} ${key} was applied ${count} times at the service`,
            serviceOrder: entry.orderId,
          })
        }
        seen.set(scoped, entry)
      }
    }
  }
  return violations
}

function shopperErrors(history: readonly HistoryStep[]): Violation[] {
  const outages = storeOutages(history)
  const listed = (list: ReadonlyArray<{ step: string; startsWith: string }>, step: HistoryStep) =>
    list.some((entry) => step.step === entry.step && step.result.startsWith(entry.startsWith))
  return history
    .filter((step) => step.actor.startsWith("shopper") && step.status !== undefined && step.status >= 500)
    .filter((step) => !listed(DOCUMENTED_SHOPPER_5XX, step))
    .filter((step) => !(step.status === 503 && DOCUMENTED_OUTAGE_503.includes(step.result)))
    .filter((step) => !(listed(DOCUMENTED_DURING_OUTAGE_5XX, step) && duringOutage(step, outages)))
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
        if (line.includes(secret))
          violations.push({ rule: "secret-in-log", message: `${file}:${firstLine + index} holds a secret (${secret.slice(0, 4)}…)` })
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
