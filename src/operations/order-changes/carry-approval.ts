import type { FilterablePaymentCollectionProps, IPaymentModuleService } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { apiAmountToMinorUnits } from "../../client/money"
import { asPaymentState, isExpired, isVoidedOrExpired } from "../../payments/payment-state"
import type { BnplPaymentData } from "../../payments/session-data"
import { recordCarriedApproval } from "../../runtime/records/carried-approvals"
import type { ContainerLike } from "../../runtime/infrastructure/shared-types"

interface PaymentBeingCanceled {
  id: string
  captures?: Array<{ id: string } | null> | null
}

/**
 * The order's id when Medusa cancels this payment for an order change: that workflow marks the
 * collection `canceled` first, `cancel-order` the payments first. The cheap collection read goes first.
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
  if (collection?.status !== "canceled") return undefined
  const query = scope.resolve<{ graph(input: unknown): Promise<{ data: unknown[] }> }>(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "payment", fields: ["id", "captures.id"], filters: { id: paymentId } })
  const payment = data[0] as PaymentBeingCanceled | undefined
  // A partly captured payment is not carried: its captures stay with it, and Medusa's cancel voids the rest.
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
 * On a cancel for an order change, keeps the approval and records it as carried. @returns the data for
 * the cancelled payment, or undefined (the caller voids). @throws when the record cannot be written.
 */
export async function carryApprovalOnOrderChange(
  scope: ContainerLike,
  input: { paymentId: string; providerId: string; data: BnplPaymentData },
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
