import { apiAmountToMinorUnits, minorUnitsToApiAmount, toMinorUnits, type MajorUnitAmount } from "../../client/money"
import { CART_SNAPSHOT_FIELDS, toCartSnapshot, type CartSnapshot } from "./cart-snapshot"

type GraphRecord = Record<string, any>

/** Where an order line's current quantity is read. */
export const ORDER_ITEM_QUANTITY_FIELD = "items.detail.quantity"

/** An order line's current quantity, as read with ORDER_ITEM_QUANTITY_FIELD. */
export const orderItemQuantity = (item: GraphRecord): number => Number(item.detail?.quantity ?? item.quantity ?? 0)

/** The order fields a collection's snapshot is built from; no shipping or totals: the checkout is for the collection's amount. */
export const ORDER_SNAPSHOT_FIELDS = [
  "display_id",
  "customer_id",
  // Medusa answers `items.quantity` from the line item, which an edit does not change.
  ORDER_ITEM_QUANTITY_FIELD,
  ...CART_SNAPSHOT_FIELDS.filter(
    (field) => !/^(total|tax_total|discount_|shipping_|original_shipping_)/.test(field) && !field.startsWith("items.adjustments"),
  ),
]

/** The payment collection as the order branch reads it: id, amount owed (major units), currency. */
export interface CollectionForSnapshot {
  id: string
  amount: MajorUnitAmount
  currency_code: string
}

/** An order collection's snapshot: `total` is what is owed, and the rest of the items' worth one "Paid earlier" discount. */
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
  const label =
    order.display_id !== undefined && order.display_id !== null ? `Paid earlier on order #${order.display_id}` : "Paid earlier on the order"
  return {
    ...base,
    discounts: paidEarlierMinor > 0n ? [{ name: label, amount: minorUnitsToApiAmount(paidEarlierMinor) }] : [],
    orderCollection: { paymentCollectionId: collection.id, medusaOrderId: String(order.id) },
  }
}
