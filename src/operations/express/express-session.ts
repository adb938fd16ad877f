import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createPaymentCollectionForCartWorkflow, createPaymentSessionsWorkflow } from "@medusajs/medusa/core-flows"
import { CART_SNAPSHOT_FIELDS, toCartSnapshot } from "../../payments/mapping/cart-snapshot"
import { CART_SNAPSHOT_KEY, EXPRESS_KEY, asPaymentData, type BnplPaymentData, type ExpressInstruction } from "../../payments/session-data"
import type { ContainerLike } from "../../runtime/infrastructure/shared-types"

/**
 * Makes the cart's pay-later session for an express checkout through Medusa's own
 * create-payment-sessions workflow (so Medusa records it as it records any session, and
 * replaces the cart's other sessions), with the provider's `data` built here on the server: a
 * snapshot of the cart read now and the express instruction (payments/session-data.ts
 * `EXPRESS_KEY`). The cart's payment collection is created first when it has none. The
 * session's amount is the collection's: the cart's total as it stands.
 * @returns the new session's id and data (token, expires, amount, ...).
 * @throws the provider's MedusaError (its `code` is the payments core's reason:
 *   `not_eligible`, `unavailable`, `amount_changed`, `cart_changed`, ...).
 */
export async function saveExpressSession(
  scope: ContainerLike,
  cartId: string,
  providerId: string,
  instruction: ExpressInstruction
): Promise<{ id: string; data: BnplPaymentData }> {
  const query = scope.resolve(ContainerRegistrationKeys.QUERY)
  const read = async () =>
    (await query.graph({ entity: "cart", fields: [...CART_SNAPSHOT_FIELDS, "payment_collection.id"], filters: { id: cartId } })).data[0] as Record<string, any>
  let cart = await read()
  if (!cart.payment_collection?.id) {
    await createPaymentCollectionForCartWorkflow(scope as any).run({ input: { cart_id: cartId } })
    cart = await read()
  }
  const { result } = await createPaymentSessionsWorkflow(scope as any).run({
    input: {
      payment_collection_id: cart.payment_collection.id,
      provider_id: providerId,
      data: { [CART_SNAPSHOT_KEY]: toCartSnapshot(cart), [EXPRESS_KEY]: instruction },
    },
  })
  return { id: result.id, data: asPaymentData(result.data as Record<string, unknown>) }
}
