import { completeCartWorkflow } from "@medusajs/medusa/core-flows"
import { checkApprovedCart } from "../../operations/approved-cart"
import { shopperMedusaError } from "../../providers/bnpl/errors"

/**
 * Medusa's complete-cart workflow (core-flows 2.21) takes the cart's lock first
 * (`acquireLockStep`, key = the cart id, the key every cart-changing workflow such as
 * update-cart and add-shipping-method takes), reads the cart, and only then runs its `validate`
 * hook, before it creates the order from the cart it read. Checking the approved cart here is
 * therefore checking the cart that becomes the order: an address update sent a few
 * milliseconds before the complete has either landed (and is seen here) or waits for the lock
 * until the cart is an order. Every path that completes a cart runs this: the store's
 * `POST /store/carts/:id/complete`, the return route and the background job
 * (operations/complete-cart.ts) and `processPaymentWorkflow`.
 *
 * The cart is read again here (operations/approved-cart.ts) rather than taken from the hook's
 * input, so the check does not depend on which fields complete-cart reads. A changed cart's
 * session is deleted (no Auth is sent for it) unless it is authorised already, which only the
 * plugin's own completion does before this workflow; that caller voids it
 * (operations/complete-cart.ts). The error is the shopper's `cart_changed` (400 `not_allowed`
 * on the store route, `bnpl_error=cart_changed` on the return route).
 *
 * Medusa allows one handler per hook: a project that consumes complete-cart's `validate` hook
 * itself cannot load beside this plugin (docs/security.md explains the way out).
 */
completeCartWorkflow.hooks.validate(async ({ input, cart }, { container }) => {
  const cartId = (cart as { id?: string } | undefined)?.id ?? (input as { id: string }).id
  const check = await checkApprovedCart(container, cartId, undefined, { keepAuthorized: true })
  if (check.outcome === "changed") throw shopperMedusaError("cart_changed")
})
