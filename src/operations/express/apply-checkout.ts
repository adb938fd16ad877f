import { addShippingMethodToCartWorkflow, updateCartWorkflow } from "@medusajs/medusa/core-flows"
import type { Checkout } from "../../client/schemas"
import { checkoutAddressToMedusa } from "../../payments/mapping/express-address"
import type { ContainerLike } from "../../runtime/infrastructure/shared-types"

/**
 * Puts the popup's choices from Get Checkout on the cart through Medusa's cart workflows, so
 * prices, taxes and promotions are Medusa's. @throws Medusa's error when the cart refuses them.
 */
export async function applyCheckoutToCart(
  scope: ContainerLike,
  cartId: string,
  checkout: Checkout & { shippingOptionIdentifier: string },
  region: "UK" | "EU",
): Promise<void> {
  const shipping = checkoutAddressToMedusa(checkout.shipping ?? {}, checkout.consumer, region)
  const billing = checkout.billing ? checkoutAddressToMedusa(checkout.billing, checkout.consumer, region) : shipping
  await updateCartWorkflow(scope as any).run({
    input: {
      id: cartId,
      ...(checkout.consumer?.email ? { email: checkout.consumer.email } : {}),
      shipping_address: shipping,
      billing_address: billing,
    },
  })
  await addShippingMethodToCartWorkflow(scope as any).run({
    input: { cart_id: cartId, options: [{ id: checkout.shippingOptionIdentifier }] },
  })
}
