import { createHash } from "node:crypto"
import type { CartSnapshot } from "./cart-snapshot"

/**
 * A digest of everything in a cart that the consumer approved and the service assessed, and of
 * everything else Medusa copies to the order that changes what ships or what is charged:
 * consumer and e-mail, billing and shipping address, items (name, SKU, variant, quantity,
 * price, metadata), shipping methods (option, name, price, `data` such as a pickup point),
 * discounts, amounts, currency, region and sales channel (docs/security.md lists them).
 * Kept in the payment session's data when
 * the checkout is made (`cartDigest`); before the cart becomes an order it is compared with
 * the digest of a fresh snapshot, so an address, e-mail, item or shipping method changed
 * after approval (which Medusa does not treat as a reason to drop the session, DESIGN.md)
 * never ships an order the service did not see.
 *
 * Catalogue data that does not change what is sold (thumbnails, categories, product links)
 * is left out, so editing a product image does not break a shopper's checkout.
 * Returns 64 hex characters (SHA-256); it reveals nothing of the cart.
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
      .map((item) => canonicalJson([item.name, item.sku ?? null, item.variantId ?? null, item.quantity, item.unitPrice, item.metadata ?? null]))
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

/**
 * A digest of what an express popup cannot change: items, currency, region, sales channel
 * (`cartDigest` without the consumer, addresses, shipping, discounts, which a shipping
 * promotion changes, and totals, which the approved amount covers). Recorded with every
 * checkout (runtime/records/approved-carts.ts) and compared before an express checkout is authorised:
 * a cart whose goods changed after the consumer approved it is not the approved cart, even at
 * the same total. Returns 64 hex characters (SHA-256).
 */
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
