import { apiAmountToMinorUnits, minorUnitsToMoney } from "../../client/money"
import type { CreateCheckoutRequest, Discount, Item } from "../../client/schemas"
import { toApiAddress, toConsumer } from "./address"
import type { CartSnapshot, SnapshotItem } from "./cart-snapshot"
import { absoluteUrlWithin, cutText } from "./text"

/** Create Checkout takes at most 100 items (docs/service-api.md "Create Checkout"). */
export const MAX_CHECKOUT_ITEMS = 100

export interface CheckoutMappingContext {
  /** What the consumer will be charged, minor units. */
  amountMinor: bigint
  currency: string
  region: "UK" | "EU"
  redirectConfirmUrl?: string
  redirectCancelUrl?: string
  /** Express only (docs/service-api.md "Express checkout"): no redirect URLs, and the consumer gives addresses in the popup. */
  popupOriginUrl?: string
  merchantName?: string
  storefrontUrl?: string
}

/** The cart snapshot as a Create Checkout request (docs/service-api.md "Create Checkout"): texts cut to their limits, 100 items at most. */
export function toCreateCheckoutRequest(snapshot: CartSnapshot, context: CheckoutMappingContext): CreateCheckoutRequest {
  const currency = context.currency
  const items = foldItems(snapshot.items.map((item) => toApiItem(item, currency, context)))
  const discounts: Discount[] = snapshot.discounts
    .filter((discount) => apiAmountToMinorUnits(discount.amount) > 0n)
    .map((discount) => ({
      displayName: cutText(discount.name, 128),
      amount: { amount: discount.amount, currency },
    }))

  const express = context.popupOriginUrl !== undefined
  const name = cutText(context.merchantName, 128)
  return balanceCheckout(
    {
      amount: minorUnitsToMoney(context.amountMinor, currency),
      ...(express ? { mode: "express" as const } : {}),
      consumer: express && !snapshot.email ? undefined : toConsumer(snapshot),
      billing: express ? undefined : toApiAddress(snapshot.billingAddress, context.region),
      shipping: express ? undefined : toApiAddress(snapshot.shippingAddress, context.region),
      items,
      discounts: discounts.length ? discounts : undefined,
      merchant: express
        ? { popupOriginUrl: context.popupOriginUrl, name }
        : { redirectConfirmUrl: context.redirectConfirmUrl, redirectCancelUrl: context.redirectCancelUrl, name },
      merchantReference: cutText(snapshot.cartId, 128),
      shippingAmount: nonNegativeMoney(snapshot.shippingAmount, currency),
      taxAmount: nonNegativeMoney(snapshot.taxAmount, currency),
    },
    snapshot.taxInclusive,
  )
}

/** Adds one "Adjustment" discount or item so the lines add up to `request.amount` exactly, as the service checks. Returns a new request. */
export function balanceCheckout(request: CreateCheckoutRequest, taxInclusive: boolean): CreateCheckoutRequest {
  const currency = request.amount.currency
  const amountMinor = apiAmountToMinorUnits(request.amount.amount)
  const items = [...(request.items ?? [])]
  const discounts = [...(request.discounts ?? [])]
  const money = (value?: { amount: string }) => (value ? apiAmountToMinorUnits(value.amount) : 0n)
  const expected =
    items.reduce((sum, item) => sum + lineTotal(item), 0n) +
    money(request.shippingAmount) +
    (taxInclusive ? 0n : money(request.taxAmount)) -
    discounts.reduce((sum, discount) => sum + money(discount.amount), 0n)
  const difference = amountMinor - expected
  if (difference < 0n) {
    discounts.push({ displayName: "Adjustment", amount: minorUnitsToMoney(-difference, currency) })
  } else if (difference > 0n) {
    const adjustment: Item = { name: "Adjustment", quantity: 1, price: minorUnitsToMoney(difference, currency) }
    if (items.length < MAX_CHECKOUT_ITEMS) items.push(adjustment)
    else items.splice(MAX_CHECKOUT_ITEMS - 1, 1, mergeLines(items[MAX_CHECKOUT_ITEMS - 1], adjustment, currency))
  }
  return { ...request, items, discounts: discounts.length ? discounts : undefined }
}

function toApiItem(item: SnapshotItem, currency: string, context: CheckoutMappingContext): Item {
  const priceMinor = apiAmountToMinorUnits(item.unitPrice)
  const categories = item.categories
    .map((path) => path.map((name) => cutText(name, 128)).filter((name): name is string => !!name))
    .filter((path) => path.length > 0)
  return {
    name: cutText(item.name, 255) ?? "Item",
    sku: cutText(item.sku, 128),
    quantity: item.quantity,
    // The document requires a positive price; a free item is sent without one.
    price: priceMinor > 0n ? minorUnitsToMoney(priceMinor, currency) : undefined,
    pageUrl:
      context.storefrontUrl && item.productHandle
        ? absoluteUrlWithin(`${context.storefrontUrl}/products/${encodeURIComponent(item.productHandle)}`, 2048)
        : undefined,
    imageUrl: absoluteUrlWithin(item.thumbnail, 2048),
    categories: categories.length ? categories : undefined,
  }
}

/** Left out when negative (discounts beyond what they apply to): the service refuses it, and balancing absorbs it. */
function nonNegativeMoney(amount: string, currency: string): { amount: string; currency: string } | undefined {
  const minor = apiAmountToMinorUnits(amount)
  return minor >= 0n ? minorUnitsToMoney(minor, currency) : undefined
}

function lineTotal(item: Item): bigint {
  return item.price ? apiAmountToMinorUnits(item.price.amount) * BigInt(item.quantity ?? 1) : 0n
}

/** Items 100 and on become one line whose unit price is their total, so sums still hold. */
function foldItems(items: Item[]): Item[] {
  if (items.length <= MAX_CHECKOUT_ITEMS) return items
  const kept = items.slice(0, MAX_CHECKOUT_ITEMS - 1)
  const rest = items.slice(MAX_CHECKOUT_ITEMS - 1)
  const restTotal = rest.reduce((sum, item) => sum + lineTotal(item), 0n)
  const currency = rest.find((item) => item.price)?.price?.currency ?? kept[0]?.price?.currency
  kept.push({
    name: cutText(`${rest.length} more items`, 255),
    quantity: 1,
    price: restTotal > 0n && currency ? minorUnitsToMoney(restTotal, currency) : undefined,
  })
  return kept
}

function mergeLines(line: Item, extra: Item, currency: string): Item {
  const total = lineTotal(line) + lineTotal(extra)
  return {
    name: cutText(`${line.name ?? "Item"} and adjustment`, 255),
    quantity: 1,
    price: total > 0n ? minorUnitsToMoney(total, currency) : undefined,
  }
}
