import type { FilterablePaymentCollectionProps, IPaymentModuleService } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { apiAmountToMinorUnits } from "../../client/money"
import { asPaymentState, isExpired, isVoidedOrExpired } from "../../payments/payment-state"
import type { BnplPaymentData } from "../../payments/session-data"
import { recordCarriedApproval } from "../../runtime/records/carried-approvals"
import type { ContainerLike } from "../../runtime/infrastructure/shared-types"

/** The payment being cancelled with its captures, as query.graph reads them from the payment module. */
interface PaymentBeingCanceled {
  id: string
  captures?: Array<{ id: string } | null> | null
}

/**
 * Whether Medusa is cancelling this payment for an order change, and the order's id if so.
 *
 * Medusa 2.21 cancels an order's authorised payment in two workflows. `cancel-order` cancels
 * the payments first and the order after. `create-or-update-order-payment-collection` (run by
 * the confirmation of an order edit, exchange, claim or return when the order's collection is
 * authorised) marks the collection `canceled` first, then cancels its payments, then opens a
 * collection for the order's new total. So a payment whose collection already reads `canceled`
 * while its order is live is being cancelled for an order change.
 *
 * The collection's status is read first, alone, through the payment module: the admin's cancel
 * of an order (the common case) stops there, in the wait of its void. Timed inside a store
 * during the bench's cancels (docs/performance.md, "A warm shop"), that read costs about 1 ms of
 * the store's CPU where Query's read of the payment with its captures and collection cost about
 * 5. The payment's captures and the order (across the module link) are read only for a
 * canceled collection.
 */
export async function orderChangeOfPayment(scope: ContainerLike, paymentId: string): Promise<{ orderId: string } | undefined> {
  const payments = scope.resolve<Pick<IPaymentModuleService, "listPaymentCollections">>(Modules.PAYMENT)
  // Medusa's generated list filters by a relation's fields (here the collection's payments) though
  // its filter type names only the collection's own: checked against Query's read of the same payment.
  const byPayment = { payments: { id: paymentId } } as FilterablePaymentCollectionProps
  const [collection] = await payments.listPaymentCollections(byPayment, {
    select: ["id", "status"],
    take: 1,
  })
  if (!collection || collection.status !== "canceled") return undefined
  const query = scope.resolve<{ graph(input: unknown): Promise<{ data: unknown[] }> }>(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "payment", fields: ["id", "captures.id"], filters: { id: paymentId } })
  const payment = data[0] as PaymentBeingCanceled | undefined
  // A partly captured payment is not carried: its captures stay with it (the void of its rest
  // is Medusa's cancel as before; docs/admin.md "After the sale").
  if (!payment || (payment.captures ?? []).some(Boolean)) return undefined
  const { data: collections } = await query.graph({
    entity: "payment_collection",
    fields: ["id", "order.id", "order.status"],
    filters: { id: collection.id },
  })
  const order = (collections[0] as { order?: { id: string; status?: string } | null } | undefined)?.order
  if (!order || order.status === "canceled") return undefined
  return { orderId: order.id }
}

/**
 * On Medusa's cancel of a pay-later payment: when the cancel is an order change's
 * (`orderChangeOfPayment`), the shopper's approval is kept at the service and recorded as
 * carried (runtime/records/carried-approvals.ts), for operations/order-changes/attach-approval.ts to put
 * on the order's new payment collection. Nothing is sent to the service here.
 * @returns the payment's data to store on the cancelled payment, or undefined when the cancel is
 *   not an order change (or nothing is left to carry): the caller voids as for any cancel.
 * @throws when the record cannot be written: Medusa's order change then fails and can be
 *   confirmed again; an approval is never left neither carried nor voided.
 */
export async function carryApprovalOnOrderChange(
  scope: ContainerLike,
  input: { paymentId: string; providerId: string; data: BnplPaymentData }
): Promise<BnplPaymentData | undefined> {
  const { data } = input
  if (!data.orderId || !data.amount || !data.currency) return undefined
  if (isVoidedOrExpired(asPaymentState(data.paymentState)) || isExpired(data.authorizationExpiresAt)) return undefined
  if (apiAmountToMinorUnits(data.capturedAmount ?? "0.00") > 0n) return undefined
  const change = await orderChangeOfPayment(scope, input.paymentId)
  if (!change) return undefined
  const carried = await recordCarriedApproval({
    orderId: change.orderId,
    fromPaymentId: input.paymentId,
    providerId: input.providerId,
    serviceOrderId: data.orderId,
    currencyCode: data.currency,
    openAmount: data.amount,
    paymentData: data,
  })
  return { ...data, carriedApprovalId: carried.id, carriedAt: new Date().toISOString() }
}
