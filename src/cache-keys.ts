/**
 * Every key the plugin writes to the shared cache (Medusa's Cache or Caching Module) or takes a
 * lock under, built in one place so that two features never collide and a key's shape can be
 * read without searching the code. Every key starts with the plugin's name; none carries a
 * secret (credentials appear only as a hash). This file imports nothing, so every layer,
 * the client's included, may build its keys here.
 */

const PREFIX = "medusa-payment-bnpl"

/** The one way a key is joined: the plugin's name, the kind of entry, then its parts. */
function key(kind: string, ...parts: string[]): string {
  return [PREFIX, kind, ...parts].join(":")
}

export const cacheKeys = {
  /** An OAuth token shared by the instances; `digest` is a hash of merchant id and token service (client/auth.ts). */
  oauthToken: (digest: string) => key("oauth-token", digest),
  /** Per-account data (the account's limits: `configuration`); `accountHash` from runtime/accounts/client-factory.ts. */
  account: (name: string, accountHash: string) => key(name, accountHash),
  /** The last Get Payment answer for a service order (runtime/views/service-payment-snapshots.ts). */
  servicePayment: (paymentId: string) => key("service-payment", paymentId),
  /** The lock one payment's money calls take turns under (runtime/infrastructure/payment-lock.ts). */
  paymentLock: (serviceOrderId: string) => key("payment", serviceOrderId),
  /** The back-off of a shopper's return whose authorisation did not answer (operations/auth-backoff.ts). */
  returnAuthBackoff: (sessionId: string) => key("return-auth-backoff", sessionId),
  /** A session the background completion job is to try (operations/auth-backoff.ts). */
  pendingCompletion: (sessionId: string) => key("pending-completion", sessionId),
  /** Repair attempts of an order placed without its payment (operations/repair-unpaid-orders.ts). */
  unpaidOrder: (sessionId: string) => key("unpaid-order", sessionId),
  /**
   * The lock a cart's express steps take turns under (operations/express): not the cart's own
   * key, which Medusa's cart workflows take inside them.
   */
  expressLock: (cartId: string) => key("express", cartId),
  /** The lock an order's carried approvals are moved to its new payments under (operations/order-changes). */
  orderChangeLock: (orderId: string) => key("order-change", orderId),
  /**
   * The lock an order's payment collection is authorised under (operations/complete-order-collection.ts):
   * one approval per collection, whoever completes it (the return route, the job).
   */
  orderCollectionLock: (paymentCollectionId: string) => key("order-collection", paymentCollectionId),
  /** Why a cart's last completion failed (operations/completion-record.ts). */
  completion: (cartId: string) => key("completion", cartId),
} as const
