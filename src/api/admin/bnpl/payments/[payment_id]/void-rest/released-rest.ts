import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { createOrderCreditLinesWorkflow } from "@medusajs/medusa/core-flows"
import { apiAmountToMinorUnits, minorUnitsToApiAmount, toMinorUnits, type MajorUnitAmount } from "../../../../../../client/money"

/** The label of the order's credit line for a voided rest (Medusa shows a credit line's reference). */
export const RELEASED_REST_REFERENCE = "Pay later: rest voided"

interface PaymentWithCollection {
  payment_collection?: { id: string; amount: MajorUnitAmount; order?: { id: string; credit_lines?: Array<{ reference_id?: string | null } | null> } | null } | null
}

/**
 * After "Void the rest" gave `released` (API string) back to the consumer: Medusa's own records
 * are told the order will not be paid that amount, so its page reads as the box does. The
 * order's total is lowered by a credit line of the amount, through Medusa's own
 * `createOrderCreditLinesWorkflow` (its `POST /admin/orders/:id/credit-lines`, which refuses
 * more than the order still owes), so "Outstanding amount" is 0; and the payment collection's amount is lowered by it, so "Total pending" is 0
 * and the order's payment badge counts the captured payment as captured in full. What was
 * captured and refunded is untouched.
 * @throws whatever Medusa's workflow or payment module throws; the void itself has happened.
 */
export async function recordReleasedRest(scope: MedusaContainer, paymentId: string, released: string): Promise<void> {
  if (apiAmountToMinorUnits(released) <= 0n) return
  // Two presses of "Void the rest" at once (two admins) both reach here once the payment is
  // canceled: under Medusa's lock of the payment, the second finds the credit line and stops.
  await scope.resolve(Modules.LOCKING).execute(`medusa-payment-bnpl:released-rest:${paymentId}`, () => recordOnce(scope, paymentId, released))
}

async function recordOnce(scope: MedusaContainer, paymentId: string, released: string): Promise<void> {
  const query = scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "payment",
    fields: ["id", "payment_collection.id", "payment_collection.amount", "payment_collection.order.id", "payment_collection.order.credit_lines.reference_id"],
    filters: { id: paymentId },
  })
  const collection = (data[0] as PaymentWithCollection | undefined)?.payment_collection
  if (!collection?.order?.id) return
  if ((collection.order.credit_lines ?? []).some((line) => line?.reference_id === paymentId)) return
  await createOrderCreditLinesWorkflow(scope).run({
    input: { id: collection.order.id, credit_lines: [{ amount: released, reference: RELEASED_REST_REFERENCE, reference_id: paymentId }] },
  })
  const lowered = toMinorUnits(collection.amount, "payment_collection.amount") - apiAmountToMinorUnits(released)
  await scope.resolve(Modules.PAYMENT).updatePaymentCollections(collection.id, { amount: minorUnitsToApiAmount(lowered < 0n ? 0n : lowered) })
}
