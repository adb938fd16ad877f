import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createPaymentCollectionForCartWorkflow, createPaymentSessionsWorkflow } from "@medusajs/medusa/core-flows"
import { CART_SNAPSHOT_FIELDS, toCartSnapshot } from "../../payments/mapping/cart-snapshot"
import { CART_SNAPSHOT_KEY, EXPRESS_KEY, asPaymentData, type BnplPaymentData, type ExpressInstruction } from "../../payments/session-data"
import type { ContainerLike } from "../../runtime/infrastructure/shared-types"

/**
 * Makes the cart's express session through Medusa's create-payment-sessions workflow, with the
 * provider's `data` built on the server; the amount is the cart's total as it stands.
 * @throws the provider's MedusaError (`code`: `not_eligible`, `unavailable`, `cart_changed`, ...).
 */
export async function saveExpressSession(
  scope: ContainerLike,
  cartId: string,
  providerId: string,
  instruction: ExpressInstruction,
): Promise<{ id: string; data: BnplPaymentData }> {
  const query = scope.resolve(ContainerRegistrationKeys.QUERY)
  const read = async () =>
    (await query.graph({ entity: "cart", fields: [...CART_SNAPSHOT_FIELDS, "payment_collection.id"], filters: { id: cartId } }))
      .data[0] as Record<string, any>
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
