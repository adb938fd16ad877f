import { minorUnitsToApiAmount, toApiAmount, toMinorUnits, type MajorUnitAmount } from "../../client/money"

/** The trusted cart, built on the server from `query.graph`, never from what the storefront sent. Amounts are API strings with 2 decimals. */
export interface CartSnapshot {
  cartId: string
  email?: string
  /** ISO 4217, lower case as Medusa keeps it. */
  currencyCode: string
  taxInclusive: boolean
  total: string
  /** Shipping as the consumer pays it: before discounts, including tax when prices do. */
  shippingAmount: string
  /** Tax included in `total`, after discounts. */
  taxAmount: string
  items: SnapshotItem[]
  discounts: SnapshotDiscount[]
  shippingAddress?: SnapshotAddress
  billingAddress?: SnapshotAddress
  customer?: { firstName?: string; lastName?: string; phone?: string }
  shippingOptionIds: string[]
  /** Digested only; the checkout shows the option through `shippingOptionIds`. */
  shippingMethods?: SnapshotShippingMethod[]
  regionId?: string
  salesChannelId?: string
  /** For an order's payment collection: `cartId` then holds the collection's id and `total` what is still owed. */
  orderCollection?: OrderCollectionRef
}

/** An order's payment collection a checkout pays (docs/flow.md "What the shopper owes after the sale: the difference paid later through Medusa's payment link"); Medusa's ids. */
export interface OrderCollectionRef {
  paymentCollectionId: string
  medusaOrderId: string
}

export interface SnapshotShippingMethod {
  optionId?: string
  name?: string
  /** As charged before discounts, API string. */
  amount: string
  data?: Record<string, unknown>
}

export interface SnapshotItem {
  name: string
  sku?: string
  quantity: number
  /** Unit price as charged: including tax when `taxInclusive`, before discounts. */
  unitPrice: string
  productHandle?: string
  thumbnail?: string
  categories: string[][]
  /** The variant that ships (two variants may share a name and have no SKU). */
  variantId?: string
  metadata?: Record<string, unknown>
}

export interface SnapshotDiscount {
  name: string
  amount: string
}

export interface SnapshotAddress {
  firstName?: string
  lastName?: string
  company?: string
  line1?: string
  line2?: string
  city?: string
  province?: string
  postalCode?: string
  countryCode?: string
  phone?: string
}

/** The `query.graph` fields the snapshot is built from. */
export const CART_SNAPSHOT_FIELDS = [
  "id",
  "email",
  "region_id",
  "sales_channel_id",
  "currency_code",
  "total",
  "tax_total",
  "discount_total",
  "discount_subtotal",
  "shipping_total",
  "shipping_subtotal",
  "original_shipping_total",
  "original_shipping_subtotal",
  "items.id",
  "items.title",
  "items.product_title",
  "items.variant_title",
  "items.variant_sku",
  "items.variant_id",
  "items.metadata",
  "items.product_handle",
  "items.thumbnail",
  "items.quantity",
  "items.unit_price",
  "items.is_tax_inclusive",
  "items.adjustments.code",
  "items.adjustments.amount",
  "items.product.categories.name",
  "items.product.categories.parent_category.name",
  "items.product.categories.parent_category.parent_category.name",
  "shipping_methods.shipping_option_id",
  "shipping_methods.name",
  "shipping_methods.amount",
  "shipping_methods.data",
  "shipping_methods.is_tax_inclusive",
  "shipping_methods.adjustments.code",
  "shipping_methods.adjustments.amount",
  "shipping_address.*",
  "billing_address.*",
  "customer.first_name",
  "customer.last_name",
  "customer.phone",
]

type GraphRecord = Record<string, any>

const amount = (value: unknown): string => (value === null || value === undefined ? "0.00" : toApiAmount(value as MajorUnitAmount))

function categoryPath(category: GraphRecord | null | undefined): string[] {
  const path: string[] = []
  // Parent chains are short in practice; the bound keeps a cyclic record from looping.
  for (let node = category, depth = 0; node && depth < 10; node = node.parent_category, depth++) {
    if (node.name) path.unshift(String(node.name))
  }
  return path
}

function toSnapshotAddress(address: GraphRecord | null | undefined): SnapshotAddress | undefined {
  if (!address) return undefined
  return {
    firstName: address.first_name ?? undefined,
    lastName: address.last_name ?? undefined,
    company: address.company ?? undefined,
    line1: address.address_1 ?? undefined,
    line2: address.address_2 ?? undefined,
    city: address.city ?? undefined,
    province: address.province ?? undefined,
    postalCode: address.postal_code ?? undefined,
    countryCode: address.country_code ?? undefined,
    phone: address.phone ?? undefined,
  }
}

/**
 * Medusa records promotion adjustments before tax; with tax-inclusive prices each code's share is
 * scaled to the cart's discount total (with tax), the last code taking the rounding.
 */
function scaleDiscounts(byCode: Map<string, bigint>, targetMinor: bigint): SnapshotDiscount[] {
  const entries = [...byCode].filter(([, cents]) => cents > 0n)
  const sum = entries.reduce((total, [, cents]) => total + cents, 0n)
  if (sum === 0n || targetMinor <= 0n || targetMinor === sum) {
    return entries.map(([name, cents]) => ({ name, amount: minorUnitsToApiAmount(cents) }))
  }
  let left = targetMinor
  return entries.map(([name, cents], index) => {
    const share = index === entries.length - 1 ? left : (cents * targetMinor) / sum
    left -= share
    return { name, amount: minorUnitsToApiAmount(share) }
  })
}

/** A cart read with `CART_SNAPSHOT_FIELDS` as a `CartSnapshot`; discounts grouped by promotion code. */
export function toCartSnapshot(cart: GraphRecord): CartSnapshot {
  const items: GraphRecord[] = cart.items ?? []
  const shippingMethods: GraphRecord[] = cart.shipping_methods ?? []
  const taxInclusive = items.some((item) => item.is_tax_inclusive === true)

  const discountsByCode = discountsByPromotionCode([...items, ...shippingMethods])
  const shippingAmount = taxInclusive
    ? (cart.original_shipping_total ?? cart.shipping_total)
    : (cart.original_shipping_subtotal ?? cart.shipping_subtotal)

  return {
    cartId: cart.id,
    email: cart.email ?? undefined,
    currencyCode: String(cart.currency_code ?? "").toLowerCase(),
    taxInclusive,
    total: amount(cart.total),
    shippingAmount: amount(shippingAmount),
    taxAmount: amount(cart.tax_total),
    items: items.map(toSnapshotItem),
    discounts: scaleDiscounts(
      discountsByCode,
      toMinorUnits((taxInclusive ? cart.discount_total : cart.discount_subtotal) ?? 0, "discount_total"),
    ),
    shippingAddress: toSnapshotAddress(cart.shipping_address),
    billingAddress: toSnapshotAddress(cart.billing_address),
    customer: cart.customer
      ? {
          firstName: cart.customer.first_name ?? undefined,
          lastName: cart.customer.last_name ?? undefined,
          phone: cart.customer.phone ?? undefined,
        }
      : undefined,
    shippingOptionIds: shippingMethods.map((method) => method.shipping_option_id).filter((id): id is string => typeof id === "string"),
    shippingMethods: shippingMethods.map((method) => ({
      optionId: method.shipping_option_id ?? undefined,
      name: method.name ?? undefined,
      amount: amount(method.amount),
      data: jsonObject(method.data),
    })),
    regionId: cart.region_id ?? undefined,
    salesChannelId: cart.sales_channel_id ?? undefined,
  }
}

/** Each promotion code's adjustments over the lines and shipping methods, in minor units ("Discount" for one without a code). */
function discountsByPromotionCode(lines: GraphRecord[]): Map<string, bigint> {
  const byCode = new Map<string, bigint>()
  for (const line of lines) {
    for (const adjustment of line.adjustments ?? []) {
      const name = adjustment.code || "Discount"
      byCode.set(name, (byCode.get(name) ?? 0n) + toMinorUnits(adjustment.amount ?? 0, "adjustment.amount"))
    }
  }
  return byCode
}

/** One cart line as the snapshot keeps it: the name without Medusa's "Default variant", amounts in major units. */
function toSnapshotItem(item: GraphRecord): CartSnapshot["items"][number] {
  return {
    name: [item.product_title ?? item.title, item.variant_title].filter((part) => part && part !== "Default variant").join(" - "),
    sku: item.variant_sku ?? undefined,
    quantity: Number(item.quantity),
    unitPrice: amount(item.unit_price),
    productHandle: item.product_handle ?? undefined,
    thumbnail: item.thumbnail ?? undefined,
    categories: (item.product?.categories ?? []).map(categoryPath).filter((path: string[]) => path.length > 0),
    variantId: item.variant_id ?? undefined,
    metadata: jsonObject(item.metadata),
  }
}

/** A JSON column's object, or undefined for null, `{}` and anything not an object. */
function jsonObject(value: unknown): Record<string, unknown> | undefined {
  if (!value || typeof value !== "object" || Array.isArray(value)) return undefined
  return Object.keys(value).length ? (value as Record<string, unknown>) : undefined
}
