import { apiAmountToMinorUnits, minorUnitsToApiAmount, toMinorUnits, type MajorUnitAmount } from "../../client/money"
import { CART_SNAPSHOT_FIELDS, toCartSnapshot, type CartSnapshot } from "./cart-snapshot"

type GraphRecord = Record<string, any>

/** Where an order line's current quantity is read (Medusa 2.21 order module). */
export const ORDER_ITEM_QUANTITY_FIELD = "items.detail.quantity"

/** An order line's current quantity, as read with ORDER_ITEM_QUANTITY_FIELD. */
export const orderItemQuantity = (item: GraphRecord): number => Number(item.detail?.quantity ?? item.quantity ?? 0)

/**
 * The `query.graph` fields of an order the snapshot of its payment collection is built from:
 * the cart snapshot's own fields that an order has too (its items, addresses, e-mail,
 * customer, currency, region, sales channel), plus `display_id` for the consumer's words.
 * Shipping methods and totals are not read: the checkout is for the collection's amount.
 */
export const ORDER_SNAPSHOT_FIELDS = [
  "display_id",
  "customer_id",
  // The order's current quantity of a line lives in its order item ("detail"); Medusa's order
  // module answers `items.quantity` from the line item itself, which an edit does not change.
  ORDER_ITEM_QUANTITY_FIELD,
  ...CART_SNAPSHOT_FIELDS.filter(
    (field) => !/^(total|tax_total|discount_|shipping_|original_shipping_)/.test(field) && !field.startsWith("items.adjustments")
  ),
]

/** The payment collection as the order branch reads it: id, amount owed (major units), currency. */
export interface CollectionForSnapshot {
  id: string
  amount: MajorUnitAmount
  currency_code: string
}

/**
 * The trusted snapshot of an order's payment collection (the difference after an order edit,
 * exchange or claim), for the same checkout as a cart's (payments/checkout.ts startCheckout):
 * - `cartId` is the collection's id: the checkout's merchantReference names it
 *   (docs/service-api.md "Create Checkout", `merchantReference`), and `orderCollection` names
 *   the collection and Medusa's order;
 * - `total` is the collection's amount, exactly what is still owed (API string);
 * - the items are the order's as they are now (name, SKU, quantity, unit price, category),
 *   the consumer, e-mail and addresses the order's; no shipping and no tax line, since those
 *   were charged with the order;
 * - what the items come to beyond the amount owed is one discount, "Paid earlier on order
 *   #<display id>", so the service's arithmetic (items - discounts = amount) agrees
 *   (mapping/checkout.ts balanceCheckout would otherwise call it "Adjustment").
 * @throws MoneyError when an amount is not a number (Medusa never stores one).
 */
export function toOrderCollectionSnapshot(order: GraphRecord, collection: CollectionForSnapshot): CartSnapshot {
  const base = toCartSnapshot({
    ...order,
    id: collection.id,
    currency_code: collection.currency_code,
    total: collection.amount,
    tax_total: 0,
    shipping_methods: [],
    original_shipping_total: 0,
    original_shipping_subtotal: 0,
    discount_total: 0,
    discount_subtotal: 0,
    items: ((order.items ?? []) as GraphRecord[]).map((item) => ({ ...item, quantity: orderItemQuantity(item), adjustments: [] })),
  })
  const owedMinor = toMinorUnits(collection.amount, "payment_collection.amount")
  const itemsMinor = base.items.reduce((sum, item) => sum + apiAmountToMinorUnits(item.unitPrice) * BigInt(item.quantity), 0n)
  const paidEarlierMinor = itemsMinor - owedMinor
  const label = order.display_id !== undefined && order.display_id !== null ? `Paid earlier on order #${order.display_id}` : "Paid earlier on the order"
  return {
    ...base,
    discounts: paidEarlierMinor > 0n ? [{ name: label, amount: minorUnitsToApiAmount(paidEarlierMinor) }] : [],
    orderCollection: { paymentCollectionId: collection.id, medusaOrderId: String(order.id) },
  }
}
