import { isBnplProvider } from "../payments/session-data"

/**
 * `query.graph` fields of a cart for `orderPaymentState`, relative to the cart. The order is
 * read through the payment collection's link as well as the cart's: complete-cart creates both
 * links in one step, and the payment collection's is the one Medusa's payment status follows.
 */
export const CART_PAYMENT_FIELDS = [
  "id",
  "order.id",
  "payment_collection.id",
  "payment_collection.payments.id",
  "payment_collection.payment_sessions.id",
  "payment_collection.payment_sessions.provider_id",
  "payment_collection.payment_sessions.status",
]

/** A cart as read with CART_PAYMENT_FIELDS. */
export interface CartPaymentRecord {
  id: string
  order?: { id: string } | null
  payment_collection?: {
    id: string
    payments?: Array<{ id: string } | null> | null
    payment_sessions?: Array<{ id: string; provider_id: string; status?: string | null } | null> | null
  } | null
}

/** An order whose pay-later session was never authorised by Medusa: what a crash between them leaves. */
export interface UnpaidOrder {
  orderId: string
  cartId: string
  /** The pay-later session to authorise: its id is Auth's requestId (payments/request-ids.ts). */
  sessionId: string
  paymentCollectionId: string
}

export type OrderPaymentState =
  /** The cart is not an order (yet). */
  | { state: "no_order" }
  /**
   * The order has a payment: Medusa authorised it (a payment record exists only once a
   * session is authorised, whatever became of it since), or the order was not paid later.
   */
  | { state: "paid"; orderId: string }
  /** The order exists, its payment collection holds a pay-later session and no payment. */
  | { state: "unpaid"; unpaid: UnpaidOrder }

/** Session statuses that no authorisation can follow (Medusa's PaymentSessionStatus). */
const SETTLED = new Set(["canceled"])

/**
 * Whether a cart's order has its payment. Medusa 2.21's complete-cart creates the order, links
 * it to the cart's payment collection, and authorises the payment session last; a process
 * stopped in between leaves an order (`payment_status: not_paid`) whose session was never
 * authorised, though the service may have approved it. Such an order is `unpaid`.
 */
export function orderPaymentState(cart: CartPaymentRecord | null | undefined): OrderPaymentState {
  const orderId = cart?.order?.id
  if (!cart || !orderId) return { state: "no_order" }
  const collection = cart.payment_collection
  if (!collection || (collection.payments ?? []).some(Boolean)) return { state: "paid", orderId }
  const session = (collection.payment_sessions ?? []).find(
    (candidate) => !!candidate && isBnplProvider(candidate.provider_id) && !SETTLED.has(candidate.status ?? "")
  )
  // Another method's order waiting for its own payment is not this plugin's to repair.
  if (!session) return { state: "paid", orderId }
  return { state: "unpaid", unpaid: { orderId, cartId: cart.id, sessionId: session.id, paymentCollectionId: collection.id } }
}
