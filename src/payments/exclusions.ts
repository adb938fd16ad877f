import { type PaymentError, shopperError } from "./errors"

/** Goods the merchant's contract forbids (docs/configuration.md "Exclusions"): pure rules; the store layer reads the facts. */

/**
 * An item is excluded when any one rule matches. `tags` are tag values, `variantSkus` SKUs, the
 * others Medusa ids; a category excludes its descendants too.
 */
export interface ExclusionRules {
  productIds?: readonly string[]
  variantSkus?: readonly string[]
  categoryIds?: readonly string[]
  collectionIds?: readonly string[]
  typeIds?: readonly string[]
  tags?: readonly string[]
}

/** What the rules look at of one product, as Medusa's product model has it. */
export interface ProductFacts {
  productId?: string
  /** With every ancestor (a category's `mpath`). */
  categoryIds: readonly string[]
  collectionId?: string
  typeId?: string
  tags: readonly string[]
}

/** A cart's line item and the facts of its product and variant. */
export interface ItemFacts extends ProductFacts {
  id: string
  title: string
  variantSku?: string
}

/** An excluded line item as the eligibility route names it. */
export interface ExcludedItem {
  id: string
  title: string
  product_id?: string
}

/** Which kind of rule matched: the option's list name. */
export type ExclusionRule = keyof ExclusionRules

/** Whether any rule is set: without one no product fact needs reading. */
export function hasExclusions(rules: ExclusionRules | undefined): boolean {
  return !!rules && Object.values(rules).some((list) => Array.isArray(list) && list.length > 0)
}

/** The first rule that excludes the product, or undefined. */
export function productExclusion(rules: ExclusionRules, product: ProductFacts): ExclusionRule | undefined {
  const listed = (list: readonly string[] | undefined, value: string | undefined) => value !== undefined && !!list?.includes(value)
  if (listed(rules.productIds, product.productId)) return "productIds"
  if (product.categoryIds.some((id) => rules.categoryIds?.includes(id))) return "categoryIds"
  if (listed(rules.collectionIds, product.collectionId)) return "collectionIds"
  if (listed(rules.typeIds, product.typeId)) return "typeIds"
  if (product.tags.some((tag) => rules.tags?.includes(tag))) return "tags"
  return undefined
}

/** The first rule that excludes a line item (its product's, or its variant's SKU), or undefined. */
export function itemExclusion(rules: ExclusionRules, item: ItemFacts): ExclusionRule | undefined {
  if (item.variantSku !== undefined && rules.variantSkus?.includes(item.variantSku)) return "variantSkus"
  return productExclusion(rules, item)
}

/** The cart's items that the rules exclude, in the cart's order. */
export function excludedItems(rules: ExclusionRules | undefined, items: readonly ItemFacts[]): ExcludedItem[] {
  if (!rules || !hasExclusions(rules)) return []
  return items
    .filter((item) => itemExclusion(rules, item) !== undefined)
    .map((item) => ({ id: item.id, title: item.title, ...(item.productId ? { product_id: item.productId } : {}) }))
}

/** Whether a product page may offer pay later: not for a product rule, nor when every variant's SKU is excluded. */
export function isProductExcluded(rules: ExclusionRules | undefined, product: ProductFacts & { variantSkus: readonly string[] }): boolean {
  if (!rules || !hasExclusions(rules)) return false
  if (productExclusion(rules, product)) return true
  const skus = product.variantSkus
  return skus.length > 0 && skus.every((sku) => !!rules.variantSkus?.includes(sku))
}

/** A category's id and its ancestors' from Medusa's `mpath` ("pcat_root.pcat_child.pcat_leaf"). */
export function categoryLineage(category: { id?: string | null; mpath?: string | null }): string[] {
  const fromPath = (category.mpath ?? "").split(".").filter(Boolean)
  return category.id && !fromPath.includes(category.id) ? [...fromPath, category.id] : fromPath
}

/** Words naming the excluded items for an error or log: titles, at most five, then "and N more". */
export function describeExcludedItems(items: readonly ExcludedItem[]): string {
  const names = items.slice(0, 5).map((item) => `"${item.title}"`)
  const more = items.length > 5 ? ` and ${items.length - 5} more` : ""
  return `${names.join(", ")}${more}`
}

/** The refusal of a session or express start for a cart holding excluded goods, naming them. */
export function excludedItemsError(items: readonly ExcludedItem[]): PaymentError {
  return shopperError(
    "excluded_items",
    `Pay later is not available for ${describeExcludedItems(items)} in your basket. Please remove ${items.length === 1 ? "it" : "them"} or choose another payment method.`,
  )
}
