// Every shared-cache and lock key, in one place so two features never collide. None carries a
// secret (credentials only as a hash). Imports nothing, so every layer may build its keys here.

const PREFIX = "medusa-payment-bnpl"

function key(kind: string, ...parts: string[]): string {
  return [PREFIX, kind, ...parts].join(":")
}

export const cacheKeys = {
  /** An OAuth token shared by the instances; `digest` hashes the merchant id and token service. */
  oauthToken: (digest: string) => key("oauth-token", digest),
  /** Per-account data (the limits: `configuration`). */
  account: (name: string, accountHash: string) => key(name, accountHash),
  /** The last Get Payment answer for a service order. */
  servicePayment: (paymentId: string) => key("service-payment", paymentId),
  /** The lock one payment's money calls take turns under. */
  paymentLock: (serviceOrderId: string) => key("payment", serviceOrderId),
  /** The back-off of a shopper's return whose Auth was not confirmed. */
  returnAuthBackoff: (sessionId: string) => key("return-auth-backoff", sessionId),
  pendingCompletion: (sessionId: string) => key("pending-completion", sessionId),
  unpaidOrder: (sessionId: string) => key("unpaid-order", sessionId),
  /** A cart's express steps: not the cart's own key, which Medusa's cart workflows take inside them. */
  expressLock: (cartId: string) => key("express", cartId),
  /** The lock an order's carried approvals move to its new payments under. */
  orderChangeLock: (orderId: string) => key("order-change", orderId),
  /** One approval per order payment collection, whoever completes it. */
  orderCollectionLock: (paymentCollectionId: string) => key("order-collection", paymentCollectionId),
  completion: (cartId: string) => key("completion", cartId),
} as const
