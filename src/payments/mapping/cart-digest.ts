import { createHash } from "node:crypto"
import type { CartSnapshot } from "./cart-snapshot"

/**
 * SHA-256 hex of what the consumer approved that changes what ships or is charged (docs/security.md "The approved cart is the
 * shipped cart"): Medusa keeps the session when an address or item changes. Catalogue data is left out.
 */
export function cartDigest(snapshot: CartSnapshot): string {
  const approved = {
    email: snapshot.email?.trim().toLowerCase() ?? null,
    customer: snapshot.customer ?? null,
    currency: snapshot.currencyCode.toUpperCase(),
    total: snapshot.total,
    shippingAmount: snapshot.shippingAmount,
    taxAmount: snapshot.taxAmount,
    // Lines and methods in any order: Medusa lists them as the database returns them.
    items: snapshot.items
      .map((item) =>
        canonicalJson([item.name, item.sku ?? null, item.variantId ?? null, item.quantity, item.unitPrice, item.metadata ?? null]),
      )
      .sort(),
    discounts: snapshot.discounts.map((discount) => [discount.name, discount.amount]),
    shippingAddress: snapshot.shippingAddress ?? null,
    billingAddress: snapshot.billingAddress ?? null,
    shippingMethods: (snapshot.shippingMethods ?? [])
      .map((method) => canonicalJson([method.optionId ?? null, method.name ?? null, method.amount, method.data ?? null]))
      .sort(),
    regionId: snapshot.regionId ?? null,
    salesChannelId: snapshot.salesChannelId ?? null,
  }
  return createHash("sha256").update(canonicalJson(approved)).digest("hex")
}

/** SHA-256 hex of what an express popup cannot change (items, currency, region, channel): other goods at the same total differ. */
export function itemsDigest(snapshot: CartSnapshot): string {
  return cartDigest({
    ...snapshot,
    email: undefined,
    customer: undefined,
    shippingAddress: undefined,
    billingAddress: undefined,
    shippingMethods: [],
    shippingOptionIds: [],
    discounts: [],
    total: "",
    shippingAmount: "",
    taxAmount: "",
  })
}

/** JSON with object keys sorted and undefined members dropped, so equal carts give equal text. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, member]) => member !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([key, member]) => `${JSON.stringify(key)}:${canonicalJson(member)}`).join(",")}}`
  }
  return JSON.stringify(value ?? null)
}
