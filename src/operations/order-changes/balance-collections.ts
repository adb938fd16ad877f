import { Modules } from "@medusajs/framework/utils"
import { minorUnitsToApiAmount, toMinorUnits, type MajorUnitAmount } from "../../client/money"
import { isBnplProvider } from "../../payments/session-data"
import type { ContainerLike } from "../../runtime/infrastructure/shared-types"
import { OWED_STATUSES, readOrder, type CollectionRead } from "./order-read"

/** What balancing found to do. */
export type BalanceOutcome = "unchanged" | "owed_updated" | "approval_released_for_carrying"

/**
 * Medusa may set an open collection to the whole pending difference, counting again what an approval
 * holds: held more than owed, the approval's collection is cancelled (so it is carried); else lowered.
 */
export async function balanceOrderCollections(scope: ContainerLike, orderId: string): Promise<BalanceOutcome> {
  const order = await readOrder(scope, orderId)
  if (!order || order.status === "canceled") return "unchanged"
  const collections = (order.payment_collections ?? []).filter((collection): collection is CollectionRead => !!collection)
  const owedCollections = collections
    .filter(
      (collection) =>
        OWED_STATUSES.has(collection.status) && !(collection.payments ?? []).some((payment) => payment && !payment.canceled_at),
    )
    .sort((a, b) => new Date(b.created_at ?? 0).getTime() - new Date(a.created_at ?? 0).getTime())
  if (!owedCollections.length) return "unchanged"
  const live = collections.flatMap((collection) =>
    (collection.payments ?? [])
      .filter((payment) => !!payment && !payment.canceled_at && !payment.captured_at)
      .map((payment) => ({ collection, payment: payment! })),
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
  const asked = owedCollections.reduce(
    (sum, collection) => sum + toMinorUnits(collection.amount as MajorUnitAmount, "payment_collection.amount"),
    0n,
  )
  if (held + asked <= pending) return "unchanged"
  const [newest, ...older] = owedCollections
  const wanted = pending - held
  for (const collection of wanted > 0n ? older : owedCollections)
    await paymentModule.updatePaymentCollections(collection.id, { status: "canceled" })
  if (wanted > 0n) await paymentModule.updatePaymentCollections(newest.id, { amount: minorUnitsToApiAmount(wanted) })
  return "owed_updated"
}
