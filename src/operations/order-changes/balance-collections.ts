import { Modules } from "@medusajs/framework/utils"
import { minorUnitsToApiAmount, toMinorUnits, type MajorUnitAmount } from "../../client/money"
import { isBnplProvider } from "../../payments/session-data"
import type { ContainerLike } from "../../runtime/infrastructure/shared-types"
import { OWED_STATUSES, readOrder, type CollectionRead } from "./order-read"

/** What balancing found to do. */
export type BalanceOutcome = "unchanged" | "owed_updated" | "approval_released_for_carrying"

/**
 * Makes the order's open payment collections ask for what the order owes beyond what its
 * payments hold, after an order change Medusa confirmed by updating an open collection
 * instead of re-opening the authorised one. Medusa 2.21's create-or-update-order-payment-
 * collection takes whichever of the order's not-paid or authorised collections its query
 * returns first, and sets a not-paid one to the order's whole pending difference (its total
 * less what was captured), counting again what a pay-later payment holds authorised.
 * - Held more than owed (the total went down): the authorised pay-later payment's collection is
 *   cancelled as Medusa's own cancel-payment-collection workflow does, whose cancel carries the approval
 *   (carry-approval.ts), for attach-approval.ts to put on the open collection with only the
 *   excess voided. The caller attaches next.
 * - Otherwise, when the open collections ask for more than `owed - held`, the newest is set to
 *   that, and cancelled when nothing is owed; older open ones with nothing on them are cancelled.
 * Amounts compared in minor units.
 */
export async function balanceOrderCollections(scope: ContainerLike, orderId: string): Promise<BalanceOutcome> {
  const order = await readOrder(scope, orderId)
  if (!order || order.status === "canceled") return "unchanged"
  const collections = (order.payment_collections ?? []).filter((collection): collection is CollectionRead => !!collection)
  const owedCollections = collections
    .filter((collection) => OWED_STATUSES.has(collection.status) && !(collection.payments ?? []).some((payment) => payment && !payment.canceled_at))
    .sort((a, b) => new Date(b.created_at ?? 0).getTime() - new Date(a.created_at ?? 0).getTime())
  if (!owedCollections.length) return "unchanged"
  const live = collections.flatMap((collection) =>
    (collection.payments ?? []).filter((payment) => !!payment && !payment.canceled_at && !payment.captured_at).map((payment) => ({ collection, payment: payment! }))
  )
  const held = live.reduce((sum, { payment }) => sum + toMinorUnits(payment.amount as MajorUnitAmount, "payment.amount"), 0n)
  const pending = toMinorUnits((order.summary?.pending_difference ?? 0) as MajorUnitAmount, "order.summary.pending_difference")

  const approval = live.filter(({ payment }) => isBnplProvider(payment.provider_id) && !!payment.data?.orderId).pop()
  const paymentModule = scope.resolve<{
    updatePaymentCollections(id: string, data: Record<string, unknown>): Promise<unknown>
    cancelPayment(id: string): Promise<unknown>
  }>(Modules.PAYMENT)
  if (held > pending && approval) {
    // As Medusa's cancel-payment-collection workflow does (core-flows does not export it): the
    // collection first, then its payment, so the provider's cancel reads an order change.
    await paymentModule.updatePaymentCollections(approval.collection.id, { status: "canceled" })
    await paymentModule.cancelPayment(approval.payment.id)
    return "approval_released_for_carrying"
  }
  // Only asking for too much is corrected: Medusa's summary may not count an exchange's
  // inbound goods yet when this runs, and less than the summary says is then the truth.
  const asked = owedCollections.reduce((sum, collection) => sum + toMinorUnits(collection.amount as MajorUnitAmount, "payment_collection.amount"), 0n)
  if (held + asked <= pending) return "unchanged"
  const [newest, ...older] = owedCollections
  const wanted = pending - held
  for (const collection of wanted > 0n ? older : owedCollections) await paymentModule.updatePaymentCollections(collection.id, { status: "canceled" })
  if (wanted > 0n) await paymentModule.updatePaymentCollections(newest.id, { amount: minorUnitsToApiAmount(wanted) })
  return "owed_updated"
}
