import { PROVIDER_ID_PREFIX } from "../vocabulary"
import type { CartSnapshot, OrderCollectionRef } from "./mapping/cart-snapshot"

/** Payment provider ids served by this plugin: `pp_bnpl_<id>` for any configured id. */
export const isBnplProvider = (providerId: unknown): boolean =>
  typeof providerId === "string" && providerId.startsWith(PROVIDER_ID_PREFIX)

/** The key under which the store middleware hands the trusted cart snapshot to the provider. */
export const CART_SNAPSHOT_KEY = "bnpl_cart"

/**
 * What the plugin keeps in a payment session's and then the payment's `data`. It is sent to
 * the storefront, so it stays small and holds no credentials: the checkout's token and
 * redirect URL, the amount it was made for, and after approval the service's order id and
 * the authorisation's expiry. Amounts are API strings (2 decimals, major units).
 */
export interface BnplPaymentData {
  [key: string]: unknown
  /** Set by Medusa. */
  session_id?: string
  /** Only present on the way in from the middleware; never stored (see initiatePayment). */
  [CART_SNAPSHOT_KEY]?: CartSnapshot
  /** Only present on the way in from the middleware; never stored. */
  [PREVIOUS_SESSIONS_KEY]?: PreviousSession[]
  /** Only present on the way in from the express routes; never stored. */
  [EXPRESS_KEY]?: ExpressInstruction
  /** Only present on the way in from the middleware; never stored. */
  [EARLY_CHECKOUT_KEY]?: string
  /** The merchant account that made the payment (its merchant id; never its secret key). */
  merchantId?: string
  /** That account's region (docs/service-api.md "What the service does", rule 2). */
  region?: "UK" | "EU"
  /** The checkout token (also the `orderToken` the consumer comes back with). */
  token?: string
  /** When the checkout token expires (ISO 8601). */
  expires?: string
  /** Where the storefront sends the consumer. */
  redirectCheckoutUrl?: string
  amount?: string
  currency?: string
  /**
   * What the checkout's merchantReference names: the cart's id, or for an order's payment
   * collection (`orderCollection`) the collection's id.
   */
  cartId?: string
  /** Set when the checkout pays an order's payment collection (order-collection.ts), not a cart. */
  orderCollection?: OrderCollectionRef
  /** SHA-256 of what the consumer approved (mapping/cart-digest.ts); compared before completion. */
  cartDigest?: string
  taxInclusive?: boolean
  /** The service's order (payment) id, once Auth approved. */
  orderId?: string
  /** The service's paymentState as last seen (payment-state.ts; read with `asPaymentState`). */
  paymentState?: string
  /** When the authorisation expires: the AUTH_APPROVED event's `expires` (13 days after approval). */
  authorizationExpiresAt?: string
  authorizedAt?: string
  /** Captured so far, API string. */
  capturedAmount?: string
  /** Refunded so far, API string. */
  refundedAmount?: string
  /** The service's refund ids, newest last. */
  refundIds?: string[]
  voidedAt?: string
  /**
   * API string: what the void of the rest gave back to the consumer, as the service's answer to
   * it says (the approval less what the service had captured when it voided; MoneyMovements.cancel).
   * Never counted from Medusa's captures, which hold a capture in flight until it is refused.
   */
  releasedAmount?: string
  /**
   * Set by the return route when the consumer came back from this checkout without an order:
   * cancelled on the service's screens, or declined or expired at Auth. A new session never
   * reuses such a checkout (payment-operations.ts, reusePreviousSession).
   */
  finished?: FinishedReason
  /**
   * An express checkout (docs/service-api.md "Express checkout"; payments/express.ts):
   * `started` while the consumer is in the popup (the cart has no final address or shipping
   * yet, so the session cannot be authorised), `approved` once the consumer's choices are on
   * the cart and its total is the amount they approved (Auth then sends that `amount`).
   */
  express?: ExpressPhase
  /** SHA-256 of the cart's items and discounts when the express checkout started (the popup does not change them). */
  expressItemsDigest?: string
  courier?: { shippedAt?: string; name?: string; tracking?: string; priority?: string }
  /**
   * The approval this payment holds was carried across an order change (its id in the plugin's
   * records: operations/order-changes): on the cancelled payment it came from, and on the new
   * payment that holds it now.
   */
  carriedApprovalId?: string
  /** On the cancelled payment: when its approval was carried instead of voided (ISO 8601). */
  carriedAt?: string
  /** Only present on the way in from operations/order-changes (never a client); never stored. */
  [CARRIED_APPROVAL_KEY]?: string
}

/**
 * The key under which operations/order-changes asks the provider for a session that takes over
 * an approval carried across an order change: the carried approval's id. Sessions made through
 * the store's routes never hold it (the store middleware replaces a client's `data`), and the
 * provider reads the approval from the plugin's records, never from the key's holder.
 */
export const CARRIED_APPROVAL_KEY = "bnpl_carried_approval"

/** Where an express checkout stands (see `BnplPaymentData.express`). */
export type ExpressPhase = "started" | "approved"

/**
 * The key under which the plugin's express routes (never a client: the store middleware
 * replaces a client's `data`) tell the provider what to do with an express session:
 * - `{ popupOriginUrl }`: create an express checkout for the cart;
 * - `{ token, expires, phase: "started", itemsDigest? }`: keep that checkout for the cart as
 *   it is now (Medusa deleted the session when the cart's total changed);
 * - `{ token, expires, phase: "approved", approvedAmount, itemsDigest? }`: the consumer's
 *   choices are on the cart, whose total must be `approvedAmount` (API string).
 */
export const EXPRESS_KEY = "bnpl_express"

/** What `EXPRESS_KEY` holds (see there). */
export type ExpressInstruction =
  | { popupOriginUrl: string }
  | { token: string; expires?: string; phase: "started"; itemsDigest?: string }
  | { token: string; expires?: string; phase: "approved"; approvedAmount: string; itemsDigest?: string }

/** Why a checkout is over for its consumer though no order was placed with it. */
export type FinishedReason = "cancelled" | "declined" | "expired"

/**
 * The key under which the store middleware hands the provider the checkout it started while
 * Medusa's workflow ran (runtime/checkout/early-checkouts.ts): an in-process key, meaningless elsewhere.
 */
export const EARLY_CHECKOUT_KEY = "bnpl_early_checkout"

/** The key under which the store middleware hands the provider the sessions being replaced. */
export const PREVIOUS_SESSIONS_KEY = "bnpl_previous_sessions"

/** What a new session may take over from one it replaces: its checkout, or its approval. */
export interface PreviousSession {
  token: string
  expires?: string
  redirectCheckoutUrl?: string
  amount?: string
  currency?: string
  cartDigest?: string
}

/**
 * The part of a replaced session's data worth handing on; undefined without a checkout, or
 * when its consumer finished it (`finished`): a cancelled, declined or expired checkout is
 * never offered again, and knowing that here costs the shopper no call to the service.
 */
export function previousSessionOf(data: BnplPaymentData): PreviousSession | undefined {
  // An express checkout is the popup's: a standard session never takes it over.
  if (!data.token || data.orderId || data.finished || data.express) return undefined
  const { token, expires, redirectCheckoutUrl, amount, currency, cartDigest } = data
  return { token, expires, redirectCheckoutUrl, amount, currency, cartDigest }
}

/** Reads `data` as ours, whatever Medusa typed it as. */
export function asPaymentData(data: Record<string, unknown> | undefined): BnplPaymentData {
  return (data ?? {}) as BnplPaymentData
}
