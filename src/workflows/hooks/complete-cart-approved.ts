import { completeCartWorkflow } from "@medusajs/medusa/core-flows"
import { checkApprovedCart } from "../../operations/approved-cart"
import { shopperMedusaError } from "../../providers/bnpl/errors"

/**
 * Complete-cart takes the cart's lock and reads the cart before this hook, so this checks the cart that becomes the order:
 * an update sent just before has landed or waits. One handler per hook (docs/security.md "The approved cart is the shipped cart").
 */
completeCartWorkflow.hooks.validate(async ({ input, cart }, { container }) => {
  const cartId = (cart as { id?: string } | undefined)?.id ?? (input as { id: string }).id
  const check = await checkApprovedCart(container, cartId, undefined, { keepAuthorized: true })
  if (check.outcome === "changed") throw shopperMedusaError("cart_changed")
})
