import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { createOrderCreditLinesWorkflow } from "@medusajs/medusa/core-flows"
import { apiAmountToMinorUnits, minorUnitsToApiAmount, toMinorUnits, type MajorUnitAmount } from "../client/money"

/** The label of the order's credit line for a voided rest (Medusa shows a credit line's reference). */
export const RELEASED_REST_REFERENCE = "Pay later: rest voided"
/** The label of a line that corrects it, when a later read of the service showed another amount released. */
export const RELEASED_REST_CORRECTION_REFERENCE = "Pay later: rest voided, corrected"

interface PaymentWithCollection {
  payment_collection?: {
    id: string
    amount: MajorUnitAmount
    order?: { id: string; credit_lines?: Array<{ reference_id?: string | null; amount?: MajorUnitAmount } | null> | null } | null
  } | null
}

/** What one recording did: the amount credited before and after (API strings), or nothing to do. */
export type ReleasedRestRecording = { changed: false } | { changed: true; before: string; after: string }

/**
 * Credit lines lower the order's total and collection by the `released` rest (API string, the
 * service's figure), so Medusa's page reads as the box does; a changed figure adds a correcting line.
 * @throws whatever Medusa's workflow or payment module throws; the void itself has happened.
 */
export async function recordReleasedRest(scope: MedusaContainer, paymentId: string, released: string): Promise<ReleasedRestRecording> {
  // Two presses of "Void the rest" at once (two admins), or a press and a read of the box, reach
  // here together: under Medusa's lock of the payment, the second finds the lines and stops.
  return scope
    .resolve(Modules.LOCKING)
    .execute(`medusa-payment-bnpl:released-rest:${paymentId}`, () => recordOnce(scope, paymentId, apiAmountToMinorUnits(released)))
}

/** Tries, 250 ms apart, for Medusa's captures in flight to settle. */
const SETTLE_TRIES = 40

/** A capture taken while the void was in flight reaches the order later; a credit line before it would miss it. */
async function capturesSettled(scope: MedusaContainer, paymentId: string): Promise<void> {
  const query = scope.resolve(ContainerRegistrationKeys.QUERY)
  for (let tries = 0; tries < SETTLE_TRIES; tries++) {
    const { data } = await query.graph({
      entity: "payment",
      fields: ["id", "captures.id", "payment_collection.order.transactions.reference_id"],
      filters: { id: paymentId },
    })
    const payment = data[0] as
      | {
          captures?: Array<{ id: string } | null>
          payment_collection?: { order?: { transactions?: Array<{ reference_id?: string | null } | null> } | null } | null
        }
      | undefined
    const onOrder = new Set((payment?.payment_collection?.order?.transactions ?? []).map((transaction) => transaction?.reference_id))
    if ((payment?.captures ?? []).every((capture) => !capture || onOrder.has(capture.id))) return
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

async function recordOnce(scope: MedusaContainer, paymentId: string, releasedMinor: bigint): Promise<ReleasedRestRecording> {
  await capturesSettled(scope, paymentId)
  const query = scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "payment",
    fields: [
      "id",
      "payment_collection.id",
      "payment_collection.amount",
      "payment_collection.order.id",
      "payment_collection.order.credit_lines.reference_id",
      "payment_collection.order.credit_lines.amount",
    ],
    filters: { id: paymentId },
  })
  const collection = (data[0] as PaymentWithCollection | undefined)?.payment_collection
  if (!collection?.order?.id) return { changed: false }
  const lines = (collection.order.credit_lines ?? []).filter((line) => line?.reference_id === paymentId)
  const credited = lines.reduce((sum, line) => sum + toMinorUnits(line!.amount ?? 0, "credit_lines.amount"), 0n)
  const difference = releasedMinor - credited
  if (difference === 0n) return { changed: false }
  await createOrderCreditLinesWorkflow(scope).run({
    input: {
      id: collection.order.id,
      credit_lines: [
        {
          amount: minorUnitsToApiAmount(difference),
          reference: lines.length ? RELEASED_REST_CORRECTION_REFERENCE : RELEASED_REST_REFERENCE,
          reference_id: paymentId,
        },
      ],
    },
  })
  const lowered = toMinorUnits(collection.amount, "payment_collection.amount") - difference
  await scope
    .resolve(Modules.PAYMENT)
    .updatePaymentCollections(collection.id, { amount: minorUnitsToApiAmount(lowered < 0n ? 0n : lowered) })
  return { changed: true, before: minorUnitsToApiAmount(credited), after: minorUnitsToApiAmount(releasedMinor) }
}
