import { addShippingMethodToCartWorkflow, updateCartWorkflow } from "@medusajs/medusa/core-flows"
import type { Checkout } from "../../client/schemas"
import { checkoutAddressToMedusa } from "../../payments/mapping/express-address"
import type { ContainerLike } from "../../runtime/infrastructure/shared-types"

/**
 * Puts what the consumer chose in the popup on the cart, as Get Checkout answers it after
 * confirmation (docs/service-api.md "Express checkout": the source of truth): the
 * consumer's e-mail, the shipping address, the billing address (the shipping one when the
 * service gives none) and the shipping method of `shippingOptionIdentifier` (Medusa's shipping
 * option id, which the shipping-options route gave the popup). Through Medusa's own cart
 * workflows, so prices, taxes and promotions are Medusa's.
 * @throws Medusa's error when the cart refuses an address or the option (no longer offered there).
 */
export async function applyCheckoutToCart(
  scope: ContainerLike,
  cartId: string,
  checkout: Checkout & { shippingOptionIdentifier: string },
  region: "UK" | "EU"
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
  await addShippingMethodToCartWorkflow(scope as any).run({ input: { cart_id: cartId, options: [{ id: checkout.shippingOptionIdentifier }] } })
}
