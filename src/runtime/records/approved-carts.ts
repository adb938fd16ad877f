import type { CheckoutMade } from "../../payments/payment-context"
import { recordsOrMemory } from "./records-module"

/**
 * What a checkout was made for and what its consumer approved, by token; read just before the order is placed. Kept
 * apart from the payment session, so Medusa deleting or replacing the session loses nothing of it.
 */
export interface ApprovedCart {
  token: string
  cartId: string
  providerId: string
  mode: "standard" | "express"
  /** The goods, currency, region and sales channel when the checkout was made (SHA-256 hex). */
  itemsDigest: string
  /** The whole approved cart (SHA-256 hex); null until an express consumer's choices are on the cart. */
  cartDigest: string | null
  /** API string with 2 decimals. */
  amount: string
  currencyCode: string
  /** ISO 8601: when an express consumer's choices were put on the cart. */
  approvedAt: string | null
}

interface ApprovedCartRow {
  id: string
  token: string
  cart_id: string
  provider_id: string
  mode: "standard" | "express"
  items_digest: string
  cart_digest: string | null
  amount: string
  currency_code: string
  approved_at: Date | string | null
}

const memory = new Map<string, ApprovedCartRow>()
const rows = () => recordsOrMemory<ApprovedCartRow>("ApprovedCarts", memory)

function fromRow(row: ApprovedCartRow): ApprovedCart {
  return {
    token: row.token,
    cartId: row.cart_id,
    providerId: row.provider_id,
    mode: row.mode,
    itemsDigest: row.items_digest,
    cartDigest: row.cart_digest,
    amount: row.amount,
    currencyCode: row.currency_code,
    approvedAt: row.approved_at === null ? null : new Date(row.approved_at).toISOString(),
  }
}

/**
 * Records a checkout once per token (a reused checkout keeps its first record). Throws when the database cannot be
 * written: the caller must then not hand the checkout out, as nothing could later prove what it was made for.
 */
export async function recordCheckoutMade(providerId: string, checkout: CheckoutMade): Promise<void> {
  const methods = rows()
  const [existing] = await methods.list({ token: checkout.token }, { take: 1 })
  if (existing) return
  await methods.create({
    token: checkout.token,
    cart_id: checkout.cartId,
    provider_id: providerId,
    mode: checkout.mode,
    items_digest: checkout.itemsDigest,
    cart_digest: checkout.cartDigest ?? null,
    amount: checkout.amount,
    currency_code: checkout.currency,
    approved_at: null,
  })
}

/** Records an express approval (cart digest, Get Checkout's amount), creating the token's record if missing; throws on a failed write. */
export async function recordExpressApproval(
  checkout: Omit<CheckoutMade, "mode" | "cartDigest"> & { providerId: string },
  cartDigest: string,
): Promise<void> {
  const methods = rows()
  const [existing] = await methods.list({ token: checkout.token }, { take: 1 })
  const approval = { cart_digest: cartDigest, amount: checkout.amount, approved_at: new Date() }
  if (existing) return void (await methods.update({ id: existing.id, ...approval }))
  await methods.create({
    token: checkout.token,
    cart_id: checkout.cartId,
    provider_id: checkout.providerId,
    mode: "express",
    items_digest: checkout.itemsDigest,
    currency_code: checkout.currency,
    ...approval,
  })
}

/** The records of these tokens, by token (tokens never recorded are absent). @throws when the database cannot be read. */
export async function approvedCartsOf(tokens: string[]): Promise<Map<string, ApprovedCart>> {
  if (!tokens.length) return new Map()
  const found = await rows().list({ token: { $in: tokens } })
  return new Map(found.map((row) => [row.token, fromRow(row)]))
}
