import { PaymentError } from "./errors"
import type { OrderCollectionRef } from "./mapping/cart-snapshot"
import type { BnplPaymentData } from "./session-data"

/** The return route's query parameter that names an order's payment collection, in place of `cart_id`. */
export const COLLECTION_RETURN_PARAMETER = "payment_collection_id"

/** Always the backend's return route: a storefront page made for a cart cannot complete a collection. @throws PaymentError `invalid_request`. */
export function orderCollectionRedirectUrls(
  options: { backendUrl?: string },
  collection: OrderCollectionRef,
): { redirectConfirmUrl: string; redirectCancelUrl: string } {
  if (!options.backendUrl) {
    throw new PaymentError(
      "invalid_request",
      "medusa-payment-bnpl: option \"backendUrl\" is required to pay an order's payment collection later: the service sends the consumer back to the backend's return route.",
    )
  }
  const url = `${options.backendUrl}/bnpl/return?${COLLECTION_RETURN_PARAMETER}=${encodeURIComponent(collection.paymentCollectionId)}`
  return { redirectConfirmUrl: url, redirectCancelUrl: url }
}

/** Whether the data is for an order's payment collection, not a cart. */
export function isOrderCollectionSession(data: BnplPaymentData): boolean {
  return !!data.orderCollection?.paymentCollectionId
}
