import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { deletePaymentSessionsWorkflow } from "@medusajs/medusa/core-flows"
import { cartDigest } from "../payments/mapping/cart-digest"
import { CART_SNAPSHOT_FIELDS, toCartSnapshot } from "../payments/mapping/cart-snapshot"
import { asPaymentData, isBnplProvider } from "../payments/session-data"
import { approvedCartsOf } from "../runtime/records/approved-carts"
import type { ContainerLike } from "../runtime/infrastructure/shared-types"

/** The outcome of comparing a cart with what its consumer approved. */
export type ApprovedCartCheck =
  /** No pay-later session to check (another method, or no session with that token). */
  | { outcome: "no_session" }
  /** The cart is an order already. */
  | { outcome: "completed"; orderId?: string }
  | { outcome: "unchanged"; sessionId: string }
  /** The cart differs from the approved one; the session was deleted. */
  | { outcome: "changed"; sessionId: string }

/**
 * Compares a cart with the digest recorded by its session's checkout token, changing nothing; call
 * it under the cart's lock where a cart update must not race it. `orderToken` limits it to that session.
 */
export async function compareWithApproval(
  scope: ContainerLike,
  cartId: string,
  orderToken?: string,
): Promise<ApprovedCartCheck & { authorized?: boolean }> {
  const query = scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "cart",
    fields: [
      ...CART_SNAPSHOT_FIELDS,
      "completed_at",
      "order.id",
      "payment_collection.payment_sessions.id",
      "payment_collection.payment_sessions.provider_id",
      "payment_collection.payment_sessions.status",
      "payment_collection.payment_sessions.data",
    ],
    filters: { id: cartId },
  })
  const cart = data[0] as Record<string, any> | undefined
  if (!cart) return { outcome: "no_session" }
  const sessions = ((cart.payment_collection?.payment_sessions ?? []) as Array<Record<string, any>>).filter(
    (session) => isBnplProvider(session.provider_id) && (orderToken === undefined || asPaymentData(session.data).token === orderToken),
  )
  if (!sessions.length) return { outcome: "no_session" }
  if (cart.completed_at || cart.order?.id) return { outcome: "completed", orderId: cart.order?.id }

  let current: string | undefined
  try {
    current = cartDigest(toCartSnapshot(cart))
  } catch {
    // A cart that cannot be mapped (an item without a price, say) is not the approved one.
    current = undefined
  }
  // The record by token outlives the session's data; one for another cart is not this cart's approval.
  const records = await approvedCartsOf(
    sessions.map((session) => asPaymentData(session.data).token).filter((token): token is string => !!token),
  )
  for (const session of sessions) {
    const data = asPaymentData(session.data)
    const record = data.token ? records.get(data.token) : undefined
    const approved = record?.cartDigest ?? data.cartDigest
    // Sessions from before digests were recorded carry none: let through.
    if ((!record || record.cartId === cartId) && (approved == null || approved === current)) continue
    return { outcome: "changed", sessionId: session.id, authorized: session.status === "authorized" || session.status === "captured" }
  }
  return { outcome: "unchanged", sessionId: sessions[0].id }
}

/**
 * Deletes the session of a cart that differs from its approval, so no Auth is sent (docs/security.md
 * "The approved cart is the shipped cart"). `keepAuthorized` leaves an authorised one to void first.
 */
export async function checkApprovedCart(
  scope: ContainerLike,
  cartId: string,
  orderToken?: string,
  { keepAuthorized = false }: { keepAuthorized?: boolean } = {},
): Promise<ApprovedCartCheck> {
  const check = await compareWithApproval(scope, cartId, orderToken)
  if (check.outcome !== "changed") return check
  if (!(check.authorized && keepAuthorized)) {
    await deletePaymentSessionsWorkflow(scope as any).run({ input: { ids: [check.sessionId] } })
  }
  return { outcome: "changed", sessionId: check.sessionId }
}
