import { isBnplProvider } from "../payments/session-data"

/** Fields for `orderPaymentState`; the order via the collection's link too, which Medusa's payment status follows. */
export const CART_PAYMENT_FIELDS = [
  "id",
  "order.id",
  "payment_collection.id",
  "payment_collection.payments.id",
  "payment_collection.payment_sessions.id",
  "payment_collection.payment_sessions.provider_id",
  "payment_collection.payment_sessions.status",
]

export interface CartPaymentRecord {
  id: string
  order?: { id: string } | null
  payment_collection?: {
    id: string
    payments?: Array<{ id: string } | null> | null
    payment_sessions?: Array<{ id: string; provider_id: string; status?: string | null } | null> | null
  } | null
}

/** An order whose pay-later session was never authorised. */
export interface UnpaidOrder {
  orderId: string
  cartId: string
  /** Its id is Auth's requestId. */
  sessionId: string
  paymentCollectionId: string
}

export type OrderPaymentState =
  /** The cart is not an order (yet). */
  | { state: "no_order" }
  /** Medusa authorised it (a payment exists only once a session is), or it was not paid later. */
  | { state: "paid"; orderId: string }
  | { state: "unpaid"; unpaid: UnpaidOrder }

const SETTLED = new Set(["canceled"])

/** Whether a cart's order has its payment; `unpaid` when its pay-later session was never authorised. */
export function orderPaymentState(cart: CartPaymentRecord | null | undefined): OrderPaymentState {
  const orderId = cart?.order?.id
  if (!cart || !orderId) return { state: "no_order" }
  const collection = cart.payment_collection
  if (!collection || (collection.payments ?? []).some(Boolean)) return { state: "paid", orderId }
  const session = (collection.payment_sessions ?? []).find(
    (candidate) => !!candidate && isBnplProvider(candidate.provider_id) && !SETTLED.has(candidate.status ?? ""),
  )
  // Another method's order waiting for its own payment is not this plugin's to repair.
  if (!session) return { state: "paid", orderId }
  return { state: "unpaid", unpaid: { orderId, cartId: cart.id, sessionId: session.id, paymentCollectionId: collection.id } }
}
