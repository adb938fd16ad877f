import { PROVIDER_ID_PREFIX } from "../vocabulary"
import type { CartSnapshot, OrderCollectionRef } from "./mapping/cart-snapshot"

/** Payment provider ids served by this plugin: `pp_bnpl_<id>` for any configured id. */
export const isBnplProvider = (providerId: unknown): boolean => typeof providerId === "string" && providerId.startsWith(PROVIDER_ID_PREFIX)

/** The key under which the store middleware hands the trusted cart snapshot to the provider. */
export const CART_SNAPSHOT_KEY = "bnpl_cart"

/** A session's, then the payment's, `data`. It reaches the storefront: small, no credentials. Amounts are API strings with 2 decimals. */
export interface BnplPaymentData {
  [key: string]: unknown
  session_id?: string
  /** This and the next three keys: only on the way in (middleware, express routes); never stored. */
  [CART_SNAPSHOT_KEY]?: CartSnapshot
  [PREVIOUS_SESSIONS_KEY]?: PreviousSession[]
  [EXPRESS_KEY]?: ExpressInstruction
  [EARLY_CHECKOUT_KEY]?: string
  merchantId?: string
  region?: "UK" | "EU"
  /** The checkout token (also the `orderToken` the consumer comes back with). */
  token?: string
  expires?: string
  redirectCheckoutUrl?: string
  amount?: string
  currency?: string
  /** What the checkout's merchantReference names: the cart's id, or the order collection's id. */
  cartId?: string
  orderCollection?: OrderCollectionRef
  /** SHA-256 of what the consumer approved; compared before completion. */
  cartDigest?: string
  taxInclusive?: boolean
  orderId?: string
  paymentState?: string
  authorizationExpiresAt?: string
  authorizedAt?: string
  capturedAmount?: string
  refundedAmount?: string
  refundIds?: string[]
  voidedAt?: string
  /** What the void of the rest gave back, per the service; never from Medusa's captures, which hold one in flight until refused. */
  releasedAmount?: string
  /** Set when the consumer came back without an order; a new session never reuses such a checkout. */
  finished?: FinishedReason
  /** `started` while the consumer is in the popup, `approved` once the cart's total is what they approved (docs/service-api.md "Express checkout"). */
  express?: ExpressPhase
  /** SHA-256 of the cart's items and discounts at the express start (the popup does not change them). */
  expressItemsDigest?: string
  courier?: { shippedAt?: string; name?: string; tracking?: string; priority?: string }
  /** The approval carried across an order change: on the cancelled payment and on the new one. */
  carriedApprovalId?: string
  carriedAt?: string
  /** Only on the way in from the order-change operations; never stored. */
  [CARRIED_APPROVAL_KEY]?: string
}

/** Asks for a session taking over a carried approval; never from a client (the middleware replaces `data`), and read from the plugin's records. */
export const CARRIED_APPROVAL_KEY = "bnpl_carried_approval"

/** Where an express checkout stands. */
export type ExpressPhase = "started" | "approved"

/**
 * How the express routes (never a client: the middleware replaces a client's `data`) instruct the
 * provider: create a checkout, keep one for the changed cart (`started`), or complete it (`approved`).
 */
export const EXPRESS_KEY = "bnpl_express"

/** What `EXPRESS_KEY` holds. */
export type ExpressInstruction =
  | { popupOriginUrl: string }
  | { token: string; expires?: string; phase: "started"; itemsDigest?: string }
  | { token: string; expires?: string; phase: "approved"; approvedAmount: string; itemsDigest?: string }

/** Why a checkout is over for its consumer though no order was placed with it. */
export type FinishedReason = "cancelled" | "declined" | "expired"

/** The checkout the store middleware started while Medusa's workflow ran: an in-process key. */
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

/** The part of a replaced session worth handing on; undefined without a checkout or once finished (never offered again). */
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
