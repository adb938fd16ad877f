import { PaymentError } from "./errors"
import type { OrderCollectionRef } from "./mapping/cart-snapshot"
import type { BnplPaymentData } from "./session-data"

/**
 * The query parameter of the backend return route (`GET /bnpl/return`) that names an order's
 * payment collection, in place of a cart's `cart_id` (api/bnpl/return/order-collection-return.ts).
 */
export const COLLECTION_RETURN_PARAMETER = "payment_collection_id"

/**
 * Where the service sends the consumer back from the checkout of an order's payment
 * collection (docs/service-api.md "Create Checkout": `merchant.redirectConfirmUrl` /
 * `redirectCancelUrl`, to which it appends `orderToken` and `status`): always the backend's
 * return route, `{backendUrl}/bnpl/return?payment_collection_id=<id>`. The options'
 * `redirectConfirmUrl` / `redirectCancelUrl` templates are for carts (`{cart_id}`) and are not
 * used: a storefront page made for a cart cannot complete an order's collection.
 * @throws PaymentError `invalid_request` naming `backendUrl` when it is not set.
 */
export function orderCollectionRedirectUrls(
  options: { backendUrl?: string },
  collection: OrderCollectionRef
): { redirectConfirmUrl: string; redirectCancelUrl: string } {
  if (!options.backendUrl) {
    throw new PaymentError(
      "invalid_request",
      'medusa-payment-bnpl: option "backendUrl" is required to pay an order\'s payment collection later: the service sends the consumer back to the backend\'s return route.'
    )
  }
  const url = `${options.backendUrl}/bnpl/return?${COLLECTION_RETURN_PARAMETER}=${encodeURIComponent(collection.paymentCollectionId)}`
  return { redirectConfirmUrl: url, redirectCancelUrl: url }
}

/** Whether a session's or payment's data is for an order's payment collection (not a cart). */
export function isOrderCollectionSession(data: BnplPaymentData): boolean {
  return !!data.orderCollection?.paymentCollectionId
}
