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
  /** The cart is an order already: nothing to compare, completion answers with that order. */
  | { outcome: "completed"; orderId?: string }
  | { outcome: "unchanged"; sessionId: string }
  /** The cart differs from the approved one; the session was deleted. */
  | { outcome: "changed"; sessionId: string }

/**
 * Compares a cart with what its consumer approved, changing nothing: the cart is read now
 * (`query.graph`), digested (mapping/cart-digest.ts) and compared with the digest recorded
 * by the session's checkout token (runtime/records/approved-carts.ts; the session's own `cartDigest`
 * for checkouts made before the record existed). Callers that must not be raced by a cart
 * update read it under the cart's lock (the key Medusa's cart workflows take): the
 * complete-cart workflow's `validate` hook (workflows/hooks/complete-cart-approved.ts) and
 * the plugin's completion (complete-cart.ts).
 *
 * `orderToken` limits the check to the session holding that checkout token; without it the
 * cart's pay-later sessions are checked. `cartId` must already be parsed (request-schemas.ts).
 * Returns `no_session` when no pay-later session matches; `authorized` with `changed` when the
 * differing session is authorised already.
 */
export async function compareWithApproval(
  scope: ContainerLike,
  cartId: string,
  orderToken?: string
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
    (session) =>
      isBnplProvider(session.provider_id) && (orderToken === undefined || asPaymentData(session.data).token === orderToken)
  )
  if (!sessions.length) return { outcome: "no_session" }
  if (cart.completed_at || cart.order?.id) return { outcome: "completed", orderId: cart.order?.id }

  let current: string | undefined
  try {
    current = cartDigest(toCartSnapshot(cart))
  } catch {
    // A cart that can no longer be mapped (an item without a price, say) is not the approved one.
    current = undefined
  }
  // The record by token outlives the session's data (runtime/records/approved-carts.ts); a record for
  // another cart is not this cart's approval.
  const records = await approvedCartsOf(sessions.map((session) => asPaymentData(session.data).token).filter((token): token is string => !!token))
  for (const session of sessions) {
    const data = asPaymentData(session.data)
    const record = data.token ? records.get(data.token) : undefined
    const approved = record?.cartDigest ?? data.cartDigest
    // Sessions made before digests existed are let through as before.
    if ((!record || record.cartId === cartId) && (approved == null || approved === current)) continue
    return { outcome: "changed", sessionId: session.id, authorized: session.status === "authorized" || session.status === "captured" }
  }
  return { outcome: "unchanged", sessionId: sessions[0].id }
}

/**
 * Before a cart with a pay-later session becomes an order (the return route, the store's
 * cart complete, the background completion), compares the cart with what the consumer
 * approved (compareWithApproval). On any difference it deletes the session (Medusa's
 * delete-payment-sessions workflow), so no Auth is called and no order placed: the consumer
 * must approve the cart as it is now (docs/security.md, "The approved cart is the shipped
 * cart"). With `keepAuthorized`, a session already authorised is left in place for its caller
 * to void first (complete-cart.ts).
 */
export async function checkApprovedCart(
  scope: ContainerLike,
  cartId: string,
  orderToken?: string,
  { keepAuthorized = false }: { keepAuthorized?: boolean } = {}
): Promise<ApprovedCartCheck> {
  const check = await compareWithApproval(scope, cartId, orderToken)
  if (check.outcome !== "changed") return check
  if (!(check.authorized && keepAuthorized)) {
    await deletePaymentSessionsWorkflow(scope as any).run({ input: { ids: [check.sessionId] } })
  }
  return { outcome: "changed", sessionId: check.sessionId }
}
